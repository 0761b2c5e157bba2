"""A stand-in notification server on the session bus, for tests: owns org.gtk.Notifications
and org.freedesktop.Notifications and prints one line per notification shown,
`TITLE<TAB>BODY`, after printing "ready".
"""

import sys

from gi.repository import Gio, GLib

GTK = """
<node>
  <interface name="org.gtk.Notifications">
    <method name="AddNotification">
      <arg type="s" direction="in"/><arg type="s" direction="in"/>
      <arg type="a{sv}" direction="in"/>
    </method>
    <method name="RemoveNotification">
      <arg type="s" direction="in"/><arg type="s" direction="in"/>
    </method>
  </interface>
</node>
"""
FDO = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
  </interface>
</node>
"""
loop = GLib.MainLoop()
owned = set()


def show(title, body):
    print(f"{title}\t{body}", flush=True)


def on_gtk(connection, sender, path, interface, method, parameters, invocation):
    if method == "AddNotification":
        _app, _id, notification = parameters.unpack()
        show(notification.get("title", ""), notification.get("body", ""))
    invocation.return_value(None)


def on_fdo(connection, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        values = parameters.unpack()
        show(values[3], values[4])
        invocation.return_value(GLib.Variant("(u)", (1,)))
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "natter", "1", "1.2")))
    else:
        invocation.return_value(None)


def on_bus(connection, _name):
    for xml, path, handler in ((GTK, "/org/gtk/Notifications", on_gtk),
                               (FDO, "/org/freedesktop/Notifications", on_fdo)):
        info = Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0]
        connection.register_object(path, info, handler, None, None)


def on_name(_connection, name):
    owned.add(name)
    if len(owned) == 2:
        print("ready", flush=True)


for bus_name in ("org.gtk.Notifications", "org.freedesktop.Notifications"):
    Gio.bus_own_name(Gio.BusType.SESSION, bus_name, Gio.BusNameOwnerFlags.NONE,
                     on_bus if bus_name == "org.gtk.Notifications" else None, on_name,
                     lambda *_: sys.exit("could not own " + bus_name))
loop.run()
