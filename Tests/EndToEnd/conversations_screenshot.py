"""Saves PNGs of Natter's conversations (README): the sidebar with two channels and a private
chat on a local InspIRCd, with unread counts and a mention, and the Ctrl+K quick switcher.

Usage (inside an X server and session bus): conversations_screenshot.py SIDEBAR.png SWITCHER.png
"""

import subprocess
import sys

import pyatspi

from irc_server import IRCClient, IRCServer
from natter_e2e import NatterApp, wait_until

sidebar_out, switcher_out = sys.argv[1], sys.argv[2]
server = IRCServer()
bob = IRCClient(server.port, "bob")
carol = IRCClient(server.port, "carol")
for client in (bob, carol):
    client.send("JOIN #natter")
    client.send("JOIN #gtk")
    client.wait_for(lambda line: " 366 " in line and "#gtk" in line)
bob.send("TOPIC #natter :Natter: a keyboard-first chat window · GTK 4 + Swift")
bob.send("@+natter.org/tags=release PRIVMSG #natter :the sidebar landed, try Ctrl+K #release")
carol.send("PRIVMSG #natter :Alt+1 … Alt+9 jump straight to a conversation")
app = NatterApp(args=["--connect", server.url("alice", ["#natter", "#gtk"])],
                env={"NATTER_USER_NAME": "alice"})


def geometry(window):
    return dict(line.split("=") for line in subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window],
        check=True, capture_output=True, text=True).stdout.split())


def window_id():
    """The main window: the largest of the app's (a popover is a window of its own)."""
    windows = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
        check=True, capture_output=True, text=True).stdout.split()
    return max(windows, key=lambda w: int(geometry(w)["WIDTH"]) * int(geometry(w)["HEIGHT"]))


def shoot(out):
    """The main window with any popover over it: popovers are windows of their own under
    X11, so the screen is taken and cut to the main window."""
    geometry_ = geometry(window_id())
    crop = (f"{geometry_['WIDTH']}x{geometry_['HEIGHT']}"
            f"+{geometry_['X']}+{geometry_['Y']}")
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", out], check=True)


try:
    connection = wait_until(lambda: pyatspi.findDescendant(
        app.window, lambda a: a.name == "Connection"), what="the subtitle")
    wait_until(lambda: connection.description == "#natter on 127.0.0.1", what="ready")
    subprocess.run(["xdotool", "windowsize", "--sync", window_id(), "860", "560"], check=True)
    app.type("and each conversation keeps its own draft")
    app.key("Return")
    bob.wait_for(lambda line: "keeps its own draft" in line)
    bob.send("PRIVMSG alice :got a minute for the switcher review?")
    carol.send("PRIVMSG #gtk :GtkListView 4.8 has no scroll_to, we use the action")
    carol.send("PRIVMSG #gtk :alice: can you check the sidebar at 600 px?")
    bob.send("PRIVMSG #gtk :looks right here")
    sidebar = wait_until(lambda: pyatspi.findDescendant(
        app.window, lambda a: a.getRoleName() == "list" and a.name == "Conversations"),
        what="the sidebar")
    wait_until(lambda: pyatspi.findDescendant(
        sidebar, lambda a: a.name == "#gtk" and a.description.startswith("3 unread")),
        what="#gtk's unread count")
    wait_until(lambda: pyatspi.findDescendant(
        sidebar, lambda a: a.name == "bob" and a.description.startswith("1 unread")),
        what="bob's chat")
    app.type("draft: ")
    subprocess.run(["sleep", "0.5"], check=True)
    shoot(sidebar_out)
    app.key("ctrl+k")
    app.type("t")
    subprocess.run(["sleep", "0.8"], check=True)
    shoot(switcher_out)
finally:
    app.close()
    bob.close()
    carol.close()
    server.close()
