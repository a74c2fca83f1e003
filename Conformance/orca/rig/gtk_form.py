#!/usr/bin/python3
"""A small GTK 3 sign-in form for the Orca recording rig.

It reads one JSON command per line on standard input and answers "ok" on standard output:
  {"set": {"username": "Hello", ...}, "focus": "back-username", "select_on_focus": false}
sets the fields' texts (caret at the end, nothing selected) and gives keyboard focus to a
widget by its id. Everything else is a plain GTK form a person could use.
"""
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402


class Form(Gtk.Window):
    def __init__(self):
        super().__init__(title="Sign in")
        self.set_default_size(420, 360)
        self.settings = Gtk.Settings.get_default()
        self.settings.set_property("gtk-entry-select-on-focus", False)
        grid = Gtk.Grid(column_spacing=8, row_spacing=6, margin=12)
        self.add(grid)
        self.widgets = {}
        row = 0

        def button(ident, label):
            nonlocal row
            widget = Gtk.Button(label=label)
            grid.attach(widget, 0, row, 2, 1)
            self.widgets[ident] = widget
            row += 1

        def labelled(ident, label, widget):
            nonlocal row
            caption = Gtk.Label(label=label, xalign=0)
            caption.set_mnemonic_widget(widget)
            grid.attach(caption, 0, row, 1, 1)
            grid.attach(widget, 1, row, 1, 1)
            self.widgets[ident] = widget
            row += 1

        button("back-username", "Back")
        labelled("username", "Username", Gtk.Entry(hexpand=True))
        button("back-password", "Show rules")
        password = Gtk.Entry(hexpand=True, visibility=False)
        labelled("password", "Password", password)
        button("back-notes", "Clear")
        self.notes = Gtk.TextView(hexpand=True, vexpand=True, wrap_mode=Gtk.WrapMode.NONE)
        frame = Gtk.ScrolledWindow(min_content_height=120)
        frame.add(self.notes)
        caption = Gtk.Label(label="Notes", xalign=0)
        caption.set_mnemonic_widget(self.notes)
        grid.attach(caption, 0, row, 1, 1)
        grid.attach(frame, 1, row, 1, 1)
        self.widgets["notes"] = self.notes
        row += 1
        button("submit", "Sign in")
        self.connect("destroy", Gtk.main_quit)
        GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, self.command)

    def command(self, channel, condition):
        line = sys.stdin.readline()
        if not line:
            Gtk.main_quit()
            return False
        request = json.loads(line)
        self.settings.set_property("gtk-entry-select-on-focus", bool(request.get("select_on_focus", False)))
        for ident, text in request.get("set", {}).items():
            widget = self.widgets[ident]
            if isinstance(widget, Gtk.TextView):
                buffer = widget.get_buffer()
                buffer.set_text(text)
                buffer.place_cursor(buffer.get_end_iter())
            else:
                widget.set_text(text)
                widget.set_position(-1)
        if "focus" in request:
            self.widgets[request["focus"]].grab_focus()
        print("ok", flush=True)
        return True


if __name__ == "__main__":
    window = Form()
    window.show_all()
    print("ready", flush=True)
    Gtk.main()
