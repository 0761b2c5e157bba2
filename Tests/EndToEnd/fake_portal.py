"""A stand-in for xdg-desktop-portal's Settings interface on the session bus, for tests.

Usage: fake_portal.py COLOR_SCHEME. Prints "ready" once it owns org.freedesktop.portal.Desktop;
then each line read from stdin is a new color-scheme value, sent as SettingChanged.
Read answers like the real portal: the value wrapped in two variants.
"""

import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
scheme = int(sys.argv[1])
loop = GLib.MainLoop()


def on_call(connection, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
        inner = GLib.Variant("v", GLib.Variant("u", scheme))
        invocation.return_value(GLib.Variant("(v)", (inner,)))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such key")


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object(PATH, info, on_call, None, None)


def on_name(connection, name):
    print("ready", flush=True)

    def on_line(channel, condition):
        global scheme
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        scheme = int(line)
        connection.emit_signal(
            None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
            GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme",
                                   GLib.Variant("u", scheme))))
        connection.flush_sync(None)
        print("changed", flush=True)
        return True

    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP,
                      on_line)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop",
                 Gio.BusNameOwnerFlags.NONE, on_bus, on_name, lambda *args: loop.quit())
loop.run()
