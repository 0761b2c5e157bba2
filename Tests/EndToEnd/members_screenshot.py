"""Saves a PNG of a channel with its nickname colours and the member list open (issue 28):
a local InspIRCd, five people talking in #gtk, one of them its operator.

Usage (inside an X server and session bus): members_screenshot.py OUT.png [light|dark]
"""

import subprocess
import sys
import time

from irc_server import IRCClient, IRCServer
from natter_e2e import app_with_settings, wait_until
from test_conversations import click, shown_messages, window_of
from test_irc import labels_under

out = sys.argv[1]
style = sys.argv[2] if len(sys.argv) > 2 else "light"
server = IRCServer()
people = []
for nick in ("dana", "bob", "carol", "emeka", "frieda"):
    person = IRCClient(server.port, nick)
    person.send("JOIN #gtk")
    person.wait_for(lambda line: " 366 " in line and " #gtk " in line)
    people.append(person)
app = app_with_settings(f"[appearance]\nstyle={style}\n\n[network 1]\nname=Libera.Chat\n"
                        f"url={server.url('alice', ['#gtk'])}\n")


try:
    people[0].wait_for(lambda line: "alice" in line and "JOIN" in line, timeout=20)
    subprocess.run(["xdotool", "windowsize", "--sync", window_of(app), "860", "600"], check=True)
    lines = [(1, "has anyone tried the new list view?"), (2, "yes, it recycles rows nicely"),
             (3, "GTK 4.8 or newer?"), (1, "4.8 here"), (4, "same, works fine"),
             (0, "thanks all")]
    for who, text in lines:
        # One at a time, so they are shown (and stored) in this order.
        people[who].send(f"PRIVMSG #gtk :{text}")
        wait_until(lambda: text in shown_messages(app), what=text)
    app.type("me too")
    app.key("Return")
    wait_until(lambda: "me too" in shown_messages(app), what="alice's line")
    click(app, app.find("push button", "Members"))
    member_list = app.find("list", "Members")
    wait_until(lambda: len(labels_under(member_list)) == 6, what="all six in the member list")
    time.sleep(0.3)  # the frame that shows them: AT-SPI cannot see paint
    subprocess.run(["import", "-window", "root", "-crop", "860x600+0+0", out], check=True)
finally:
    app.close()
    for person in people:
        person.close()
    server.close()
