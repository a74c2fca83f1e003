"""Starts and stops the headless desktop the Orca recording rig runs in.

Every process is started here with its own process group; `Session.stop` ends exactly those
groups (and any process descended from one of them), nothing found by name.
"""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class RigError(Exception):
    pass


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise RigError(f"timed out after {timeout} s waiting for {what}")


def descendants(pids):
    """The ids of every running process descended from one of `pids`."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = set(), list(pids)
    while todo:
        pid = todo.pop()
        for child in children.get(pid, []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class Session:
    """Xvfb, a session bus, the AT-SPI bus, speech-dispatcher and Orca, in a scratch home."""

    def __init__(self, keep=False, log=print):
        self.keep = keep
        self.log = log
        self.processes = []  # (name, Popen)
        self.root = tempfile.mkdtemp(prefix="orca-rig-")
        self.env = {}

    # -- processes -------------------------------------------------------------------

    def spawn(self, name, argv, **options):
        output = open(os.path.join(self.root, f"{name}.out"), "ab")
        process = subprocess.Popen(
            argv, env=self.env, stdout=options.pop("stdout", output), stderr=output, start_new_session=True, **options
        )
        self.processes.append((name, process))
        return process

    def run(self, argv):
        subprocess.run(argv, env=self.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)

    def end(self, name):
        """Stops the started process `name` (and what it started)."""
        for entry in [entry for entry in self.processes if entry[0] == name]:
            self._terminate([entry[1]])
            self.processes.remove(entry)

    def _terminate(self, processes):
        pids = {process.pid for process in processes if process.poll() is None}
        pids |= descendants(pids)
        for pid in pids:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 3
        for process in processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        time.sleep(0.2)
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for process in processes:
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                pass

    def stop(self):
        self._terminate([process for _, process in reversed(self.processes)])
        self.processes.clear()
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)

    # -- the desktop -----------------------------------------------------------------

    def start(self):
        home = os.path.join(self.root, "home")
        runtime = os.path.join(self.root, "runtime")
        for folder in (home, runtime):
            os.makedirs(folder, mode=0o700)
        with open(os.path.join(home, ".asoundrc"), "w") as asoundrc:
            asoundrc.write("pcm.!default { type null }\nctl.!default { type hw card 0 }\n")
        display = self.free_display()
        self.env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "XDG_RUNTIME_DIR": runtime,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "DISPLAY": f":{display}",
            "LANG": "C.UTF-8",
            "GTK_MODULES": "gail:atk-bridge",
            "NO_AT_BRIDGE": "0",
            "GNOME_ACCESSIBILITY": "1",
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        self.spawn("xvfb", ["Xvfb", f":{display}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
        wait_for(lambda: os.path.exists(f"/tmp/.X11-unix/X{display}"), 15, "Xvfb")
        bus = os.path.join(runtime, "bus")
        self.spawn("dbus", ["dbus-daemon", "--session", "--nofork", "--nopidfile", f"--address=unix:path={bus}"])
        wait_for(lambda: os.path.exists(bus), 15, "the session bus")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={bus}"
        self.run(["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"])
        self.run(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-reader-enabled", "true"])
        self.spawn("at-spi", ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        time.sleep(1.0)
        self.start_speech()
        self.start_orca()

    @staticmethod
    def free_display():
        for number in range(99, 200):
            if not os.path.exists(f"/tmp/.X{number}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{number}"):
                return number
        raise RigError("no free X display number")

    def start_speech(self):
        """speech-dispatcher whose only output module writes down what it is asked to say."""
        config = os.path.join(self.root, "speechd")
        os.makedirs(os.path.join(config, "modules"))
        self.spoken = os.path.join(self.root, "spoken.txt")
        open(self.spoken, "w").close()
        with open("/etc/speech-dispatcher/speechd.conf") as system:
            kept = [line for line in system if line.startswith(("SymbolsPreproc", "DefaultVolume"))]
        with open(os.path.join(config, "speechd.conf"), "w") as conf:
            conf.write("".join(kept))
            conf.write(f'LogLevel 3\nLogDir "{self.root}"\nAudioOutputMethod "alsa"\n')
            conf.write('AddModule "writer" "sd_generic" "writer.conf"\nDefaultModule writer\nDefaultLanguage "en"\n')
        with open(os.path.join(config, "modules", "writer.conf"), "w") as conf:
            conf.write(f"GenericExecuteSynth \"printf '%s\\\\n' \\'$DATA\\' >> {self.spoken}\"\n")
            conf.write('GenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\nDefaultVoice "en"\n')
        self.spawn(
            "speech-dispatcher",
            ["speech-dispatcher", "--run-single", "--timeout", "0", "--log-dir", self.root, "--config-dir", config],
        )
        socket = os.path.join(self.env["XDG_RUNTIME_DIR"], "speech-dispatcher", "speechd.sock")
        wait_for(lambda: os.path.exists(socket), 15, "speech-dispatcher's socket")

    def orca_launcher(self):
        """A copy of /usr/bin/orca whose debug file is line-buffered."""
        with open("/usr/bin/orca") as launcher:
            text = launcher.read()
        old = "debug.debugFile = open(args.debug_file, 'w')"
        if old not in text:
            raise RigError("/usr/bin/orca does not open its debug file as expected (is it Orca 43?)")
        path = os.path.join(self.root, "orca-launcher")
        with open(path, "w") as copy:
            copy.write(text.replace(old, "debug.debugFile = open(args.debug_file, 'w', buffering=1)"))
        return path

    def start_orca(self):
        self.prefs = os.path.join(self.root, "orca-prefs")
        os.makedirs(self.prefs)
        self.debug_log = os.path.join(self.root, "orca-debug.txt")
        launcher = self.orca_launcher()
        # The first start writes Orca's default settings; sayAllOnLoad is then turned off.
        self.launch_orca(launcher)
        self.end("orca")
        settings_file = os.path.join(self.prefs, "user-settings.conf")
        wait_for(lambda: os.path.exists(settings_file), 10, "Orca's settings file")
        with open(settings_file) as file:
            settings = json.load(file)
        settings["general"]["sayAllOnLoad"] = False
        for profile in settings.get("profiles", {}).values():
            profile["sayAllOnLoad"] = False
        with open(settings_file, "w") as file:
            json.dump(settings, file, indent=4)
        self.launch_orca(launcher)

    def launch_orca(self, launcher):
        open(self.debug_log, "w").close()
        self.spawn("orca", ["/usr/bin/python3", launcher, "-u", self.prefs, "--debug-file", self.debug_log])
        wait_for(lambda: "SPEECH OUTPUT: 'Screen reader on.'" in self.read_log(0), 60, "Orca to say 'Screen reader on.'")

    def read_log(self, start):
        with open(self.debug_log, "rb") as file:
            file.seek(start)
            return file.read().decode("utf-8", "replace")

    def log_size(self):
        return os.path.getsize(self.debug_log)

    def spoken_size(self):
        return os.path.getsize(self.spoken)
