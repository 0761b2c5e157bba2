"""Saves a PNG of replies, reactions and the typing line (issue 29): a local InspIRCd with
`ircv3_ctctags`, bob and carol in #natter with alice (Natter). bob asks, alice replies from the
keyboard (Alt+Up, R), bob and carol react, alice reacts with E, and bob starts typing.

Usage (inside an X server and session bus): replies_screenshot.py OUT.png [light|dark]
[replying]; with `replying`, alice has started a second reply to bob's message (the reply bar).
"""

import re
import subprocess
import sys
import time

from irc_server import IRCClient, IRCServer
from natter_e2e import app_with_settings, wait_until
from test_conversations import shown_messages, window_of

out = sys.argv[1]
style = sys.argv[2] if len(sys.argv) > 2 else "light"
replying = sys.argv[3:] == ["replying"]
caps = ("message-tags", "server-time", "echo-message")
server = IRCServer()
people = {}
for nick in ("bob", "carol"):
    person = IRCClient(server.port, nick, caps=caps)
    person.send("JOIN #natter")
    person.wait_for(lambda line: " 366 " in line and " #natter " in line)
    people[nick] = person
bob, carol = people["bob"], people["carol"]
app = app_with_settings(f"[appearance]\nstyle={style}\n\n[network 1]\nname=Libera.Chat\n"
                        f"url={server.url('alice', ['#natter'])}\n")


def say(person, text, tags=""):
    mark = len(person.lines)
    person.send(f"{tags}PRIVMSG #natter :{text}")
    echo = person.wait_for(lambda line: f"PRIVMSG #natter :{text}" in line, since=mark)
    wait_until(lambda: any(text in label for label in shown_messages(app)), what=text)
    return re.search(r"msgid=([^; ]+)", echo).group(1)


try:
    bob.wait_for(lambda line: "alice" in line and "JOIN" in line, timeout=20)
    subprocess.run(["xdotool", "windowsize", "--sync", window_of(app), "860", "600"], check=True)
    release = say(bob, "the release notes are up: https://example.org/notes — ship friday?")
    say(carol, "I read them, two typos in the second paragraph")
    # alice replies to bob's message from the keyboard.
    app.key("alt+Up")
    time.sleep(0.2)
    app.key("Up")
    time.sleep(0.2)
    app.key("r")
    time.sleep(0.2)
    app.type("friday works, I'll fix the typos first")
    app.key("Return")
    wait_until(lambda: any("friday works" in label for label in shown_messages(app)))
    for person, emoji in ((carol, "👍"), (bob, "🎉"), (carol, "🎉")):
        person.send(f"@+draft/reply={release};+draft/react={emoji} TAGMSG #natter")
    time.sleep(0.3)
    # alice adds her 👍 with E on bob's message.
    app.key("alt+Up")
    time.sleep(0.2)
    app.key("Up", "Up")
    time.sleep(0.2)
    app.key("e")
    time.sleep(0.3)
    app.key("Return")
    time.sleep(0.3)
    app.key("Escape")
    if replying:
        app.key("alt+Up")
        time.sleep(0.2)
        app.key("Up", "Up")
        time.sleep(0.2)
        app.key("r")
        time.sleep(0.2)
        app.type("and the changelog?")
    bob.send("@+typing=active TAGMSG #natter")
    carol.send("@+typing=active TAGMSG #natter")
    time.sleep(0.5)  # the frame that shows them: AT-SPI cannot see paint
    subprocess.run(["import", "-window", "root", "-crop", "860x600+0+0", out], check=True)
finally:
    app.close()
    for person in people.values():
        person.close()
    server.close()
