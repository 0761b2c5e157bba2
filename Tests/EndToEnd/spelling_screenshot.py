"""Saves a PNG of the composer's spelling and emoji (issue 31): Natter with Notes only, its
locale English, a draft with misspelt words beside a #tag and `code` that are never marked.

Usage (inside an X server and session bus of 1280x800): spelling_screenshot.py OUT.png [light|dark]
[underline|suggestions|emoji]: the underlines; the context menu opened with Shift+F10 on a
misspelt word; `:thu` offering 👍.
"""

import subprocess
import sys
import time

from natter_e2e import app_with_settings, text_of, wait_until
from test_conversations import window_of
from test_spelling import underlined

out = sys.argv[1]
style = sys.argv[2] if len(sys.argv) > 2 else "light"
shot = sys.argv[3] if len(sys.argv) > 3 else "underline"
app = app_with_settings(f"[appearance]\nstyle={style}\n")
try:
    # At the bottom of the screen, so the context menu opens upwards over the window.
    height = 600 if shot == "suggestions" else 420
    top = 800 - height
    subprocess.run(["xdotool", "windowsize", "--sync", window_of(app), "720", str(height)],
                   check=True)
    subprocess.run(["xdotool", "windowmove", "--sync", window_of(app), "0", str(top)], check=True)
    message = app.find("text", "Message")
    if shot == "emoji":
        app.type("the release is out, ship it :thu")
        wait_until(lambda: app.find("list", "Emoji") is not None, what="the completions")
    else:
        app.type("I will recieve the logs tomorow, see `make chek` in #release")
        wait_until(lambda: underlined(message) == ["recieve", "tomorow"], what="the underlines")
        if shot == "suggestions":
            app.key("Home", "ctrl+Right", "ctrl+Right", "ctrl+Right")
            # The suggestions come from the worker a moment after the caret rests on the word.
            for _ in range(10):
                app.key("shift+F10")
                try:
                    app.find("menu item", "receive", timeout=2)
                    break
                except AssertionError:
                    app.key("Escape")
    time.sleep(0.5)  # the frame that shows them: AT-SPI cannot see paint
    subprocess.run(["import", "-window", "root", "-crop", f"720x{height}+0+{top}", out],
                   check=True)
finally:
    app.close()
