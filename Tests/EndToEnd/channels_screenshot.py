"""Saves a PNG of the channel browser (issue 28): a local InspIRCd with forty channels and
their topics, `/list` typed in Natter, and a filter typed into the browser.

Usage (inside an X server and session bus): channels_screenshot.py OUT.png [light|dark]
"""

import subprocess
import sys
import time

from irc_server import IRCClient, IRCServer
from natter_e2e import app_with_settings, wait_until
from test_conversations import dialog_ids, focus_dialog
from test_everyday import in_frame

out = sys.argv[1]
style = sys.argv[2] if len(sys.argv) > 2 else "light"
server = IRCServer()
topics = ["GTK and its toolkit", "Swift on Linux", "GNOME design", "Rust and GTK",
          "Fonts and text rendering", "Accessibility on the desktop", "Flatpak packaging",
          "Wayland compositors"]
people = []
for index in range(5):
    person = IRCClient(server.port, f"user{index}")
    people.append(person)
# user0 makes each channel (so may set its topic); the others join some of them.
people[0].send_many([f"JOIN #project-{n}" for n in range(40)]
                    + [f"TOPIC #project-{n} :{topics[n % len(topics)]} (#{n})" for n in range(40)])
people[0].wait_for(lambda line: " TOPIC #project-39 " in line, timeout=20)
for index, person in enumerate(people[1:], start=1):
    person.send_many([f"JOIN #project-{n}" for n in range(40) if n % 5 >= index])
app = app_with_settings(f"[appearance]\nstyle={style}\n\n[network 1]\nname=Libera.Chat\n"
                        f"url={server.url('alice', ['#gtk'])}\n")

try:
    wait_until(lambda: app.find("label", "Connection").description == "#gtk on Libera.Chat",
               timeout=20, what="connected")
    app.type("/list")
    app.key("Return")
    focus_dialog("^Channels on Libera.Chat$")
    count = in_frame(app, "Channels on Libera.Chat", "label", "Channel count")
    wait_until(lambda: count.description.endswith("channels"), what="the list")
    app.type("gtk")
    wait_until(lambda: " of " in count.description, what="the filter applied")
    time.sleep(0.3)  # the frame that shows them: AT-SPI cannot see paint
    window = dialog_ids("^Channels on Libera.Chat$")[-1]
    subprocess.run(["import", "-window", window, out], check=True)
finally:
    app.close()
    for person in people:
        person.close()
    server.close()
