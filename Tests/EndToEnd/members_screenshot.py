"""Saves a PNG of a channel with its nickname colours and the member list open (issue 28):
a local InspIRCd, five people talking in #gtk, one of them its operator.

Usage (inside an X server and session bus): members_screenshot.py OUT.png [light|dark]
"""

import os
import subprocess
import sys
import tempfile
import time

from irc_server import IRCClient, IRCServer
from natter_e2e import NatterApp, wait_until

out = sys.argv[1]
style = sys.argv[2] if len(sys.argv) > 2 else "light"
server = IRCServer()
people = []
for nick in ("dana", "bob", "carol", "emeka", "frieda"):
    person = IRCClient(server.port, nick)
    person.send("JOIN #gtk")
    person.wait_for(lambda line: " 366 " in line and " #gtk " in line)
    people.append(person)
config = tempfile.mkdtemp(prefix="natter-shot-config-")
os.makedirs(os.path.join(config, "natter"))
with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
    f.write(f"[appearance]\nstyle={style}\n\n[network 1]\nname=Libera.Chat\n"
            f"url={server.url('alice', ['#gtk'])}\n")
app = NatterApp(env={"NATTER_USER_NAME": "alice", "XDG_CONFIG_HOME": config})


def window_id():
    return subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
        check=True, capture_output=True, text=True).stdout.split()[-1]


try:
    people[0].wait_for(lambda line: "alice" in line and "JOIN" in line, timeout=20)
    subprocess.run(["xdotool", "windowsize", "--sync", window_id(), "860", "600"], check=True)
    lines = [(1, "has anyone tried the new list view?"), (2, "yes, it recycles rows nicely"),
             (3, "GTK 4.8 or newer?"), (1, "4.8 here"), (4, "same, works fine"),
             (0, "thanks all")]
    for who, text in lines:
        people[who].send(f"PRIVMSG #gtk :{text}")
        time.sleep(0.2)
    app.type("me too")
    app.key("Return")
    time.sleep(1)
    extents = app.find("push button", "Members").queryComponent().getExtents(0)
    subprocess.run(["xdotool", "mousemove", "--window", window_id(),
                    str(extents.x + extents.width // 2), str(extents.y + extents.height // 2),
                    "click", "1"], check=True)
    wait_until(lambda: app.find("list", "Members"), what="the member list")
    time.sleep(1)
    subprocess.run(["import", "-window", "root", "-crop", "860x600+0+0", out], check=True)
finally:
    app.close()
    for person in people:
        person.close()
    server.close()
