"""Serves the web form to Chromium with a small control script, and starts Chromium.

The form file is served unchanged but for one script element added before `</body>`: it
long-polls `/rig/next` for a command (the same JSON as the GTK form reads), applies it (field
values with the caret at the end, focus on an element) and answers `/rig/done`.
"""
import http.server
import json
import os
import queue
import threading

CONTROL = b"""<script>
(async function rigControl() {
  for (;;) {
    let command;
    try { command = await (await fetch('/rig/next', {cache: 'no-store'})).json(); }
    catch (error) { await new Promise(done => setTimeout(done, 200)); continue; }
    for (const [id, text] of Object.entries(command.set || {})) {
      const field = document.getElementById(id);
      if (!field) continue;
      field.value = text;
      // An email input has no selection API (it throws); its caret stays where Chromium puts it.
      try { field.setSelectionRange(text.length, text.length); } catch (error) {}
    }
    let answer = 'ok';
    if (command.focus) {
      const target = document.getElementById(command.focus);
      if (target) target.focus(); else answer = 'no element ' + command.focus;
    }
    await fetch('/rig/done', {method: 'POST', cache: 'no-store', body: answer});
  }
})();
</script>
"""


class Control:
    def __init__(self, folder):
        self.folder = folder
        self.commands = queue.Queue()
        self.done = queue.Queue()
        control = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def reply(self, body, kind):
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/rig/next":
                    self.reply(json.dumps(control.commands.get()).encode(), "application/json")
                    return
                name = os.path.basename(self.path.split("?")[0])
                path = os.path.join(control.folder, name)
                if not name.endswith(".html") or not os.path.isfile(path):
                    self.send_error(404)
                    return
                with open(path, "rb") as file:
                    body = file.read().replace(b"</body>", CONTROL + b"</body>")
                self.reply(body, "text/html; charset=utf-8")

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0") or 0)
                answer = self.rfile.read(length).decode("utf-8", "replace")
                self.reply(b"ok", "text/plain")
                control.done.put(answer)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def port(self):
        return self.server.server_address[1]

    def send(self, command, timeout=10):
        self.commands.put(command)
        answer = self.done.get(timeout=timeout)
        if answer != "ok":
            raise RuntimeError(f"the web form refused {command}: {answer}")

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def chromium_argv(profile, url):
    return [
        "chromium", "--no-sandbox", "--force-renderer-accessibility", "--no-first-run", "--disable-gpu",
        "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-features=Translate,AutofillServerCommunication", "--password-store=basic",
        "--window-position=0,0", "--window-size=1200,1000", f"--user-data-dir={profile}", url,
    ]
