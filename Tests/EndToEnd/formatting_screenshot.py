"""Saves a PNG of a coloured conversation (issue 28): a local InspIRCd, people in #art
sending mIRC bold, italics, underline, strikethrough, monospace, reverse, the classic and
extended palette, hex colours and backgrounds, including colours too close to the style's
background, which Natter adjusts until they read.

Usage (inside an X server and session bus): formatting_screenshot.py OUT.png [light|dark]
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
server = IRCServer()
people = []
for nick in ("dana", "bob", "carol"):
    person = IRCClient(server.port, nick)
    person.send("JOIN #art")
    person.wait_for(lambda line: " 366 " in line and " #art " in line)
    people.append(person)
app = app_with_settings(f"[appearance]\nstyle={style}\n\n[network 1]\nname=Libera.Chat\n"
                        f"url={server.url('alice', ['#art'])}\n")

rainbow = "".join(f"\x03{n:02d}{ch}" for n, ch in zip(range(52, 65), "the 99 colour"))
lines = [
    (0, "\x02bold\x02, \x1ditalic\x1d, \x1funderline\x1f, \x1estrike\x1e and \x11monospace\x11"),
    (0, "\x0304red\x03 \x0307orange\x03 \x0308yellow\x03 \x0309green\x03 \x0311cyan\x03 "
        "\x0312blue\x03 \x0306purple\x03 \x0313pink\x03 \x0314grey\x03"),
    (1, f"{rainbow}\x03 palette, and \x04FF8800hex\x04 \x04336699,FFEECChex on hex\x04"),
    (1, "\x0300white\x03 and \x0301black\x03 stay readable; \x0301,08black on yellow\x03, "
        "\x0300,02white on navy\x03"),
    (2, "\x16reverse video\x16 and \x02\x0304,01bold red on black\x0f, then plain again"),
    (2, "links still work: \x02https://example.org/gallery\x02"),
]

try:
    people[0].wait_for(lambda line: "alice" in line and "JOIN" in line, timeout=20)
    subprocess.run(["xdotool", "windowsize", "--sync", window_of(app), "860", "600"], check=True)
    for who, text in lines:
        # One at a time, so they are shown (and stored) in this order.
        people[who].send(f"PRIVMSG #art :{text}")
        plain = re.sub(r"\x03(?:\d{1,2}(?:,\d{1,2})?)?|\x04(?:[0-9a-fA-F]{6}(?:,[0-9a-fA-F]{6})?)?"
                       r"|[\x00-\x1f]", "", text)
        wait_until(lambda: plain in shown_messages(app), what=plain)
    time.sleep(0.3)  # the frame that shows them: AT-SPI cannot see paint
    subprocess.run(["import", "-window", "root", "-crop", "860x600+0+0", out], check=True)
finally:
    app.close()
    for person in people:
        person.close()
    server.close()
