"""Saves a PNG of the sidebar with three networks at once (issue 27): three local InspIRCd
servers named as a user would name them, one of them stopped, with unread counts.

Usage (inside an X server and session bus): networks_screenshot.py OUT.png
"""

import subprocess
import sys

import pyatspi

from irc_server import IRCClient, IRCServer
from natter_e2e import app_with_settings, wait_until
from test_conversations import window_of

out = sys.argv[1]
servers = [IRCServer(name=f"irc{n}.test", sid=f"{n}AA") for n in (1, 2, 3)]
names = ["Libera.Chat", "OFTC", "Company"]
channels = [["#gtk", "#swift"], ["#debian"], ["#team", "#builds"]]
people = []
for server, chans in zip(servers, channels):
    bob = IRCClient(server.port, "bob")
    for channel in chans:
        bob.send(f"JOIN {channel}")
        bob.wait_for(lambda line, c=channel: " 366 " in line and f" {c} " in line)
    people.append(bob)
app = app_with_settings("".join(
    f"[network {n}]\nname={name}\nurl={server.url('alice', chans)}\n\n"
    for n, (server, name, chans) in enumerate(zip(servers, names, channels), 1)))


try:
    sidebar = wait_until(lambda: pyatspi.findDescendant(
        app.window, lambda a: a.name == "Conversations" and a.getRoleName() == "list"),
        what="the sidebar")
    for bob, chans in zip(people, channels):
        bob.wait_for(lambda line: "alice" in line and "JOIN" in line, timeout=20)
    subprocess.run(["xdotool", "windowsize", "--sync", window_of(app), "860", "600"], check=True)
    people[0].send("PRIVMSG #swift :a new toolchain is out")
    people[0].send("PRIVMSG #swift :alice: can you try it?")
    people[1].send("PRIVMSG alice :hi from OFTC")
    people[2].send("PRIVMSG #builds :nightly build green")
    servers[2].stop()
    wait_until(lambda: any("Disconnected" in (a.description or "") for a in pyatspi.findAllDescendants(
        sidebar, lambda a: a.getRoleName() == "list item")), what="Company disconnected", timeout=20)
    app.type("three networks, one window")
    subprocess.run(["sleep", "1"])
    subprocess.run(["import", "-window", window_of(app), out], check=True)
finally:
    app.close()
    for server in servers:
        server.close()
