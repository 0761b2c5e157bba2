"""Saves a PNG of a natter window in a given state, for the README and the metainfo.

Usage (inside an X server and session bus): screenshot.py OUT.png [KEYS-TO-TYPE ...]
Each extra argument is typed with xdotool; one starting with "key:" is pressed as keys.
With NATTER_SCREENSHOT_HISTORY=demo the window opens on demo_history's short conversation;
NATTER_SCREENSHOT_STYLE=dark opens it in the dark style; NATTER_SCREENSHOT_WIDTH=360 narrows it; NATTER_SCREENSHOT_BOTTOM=N keeps only
the window's bottom N pixels (the composer).
"""

import subprocess
import sys
import time

import os
import tempfile

import demo_history
from natter_e2e import NATTER_BIN, NatterApp

out = sys.argv[1]
data_dir = None
if os.environ.get("NATTER_SCREENSHOT_HISTORY") == "demo":
    data_dir = tempfile.mkdtemp(prefix="natter-shot-")
    history = os.path.join(data_dir, "demo.jsonl")
    with open(history, "w") as f:
        f.write("\n".join(demo_history.lines()) + "\n")
    subprocess.run([NATTER_BIN, "--data-dir", data_dir, "--import", history], check=True,
                   capture_output=True)
env = {"NATTER_USER_NAME": "me"}
style = os.environ.get("NATTER_SCREENSHOT_STYLE")
if style:
    config = tempfile.mkdtemp(prefix="natter-shot-config-")
    os.makedirs(os.path.join(config, "natter"))
    with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
        f.write(f"[appearance]\nstyle={style}\n")
    env["XDG_CONFIG_HOME"] = config
app = NatterApp(data_dir=data_dir, env=env)
try:
    for step in sys.argv[2:]:
        if step.startswith("key:"):
            app.key(*step[4:].split())
        else:
            app.type(step)
    time.sleep(0.5)
    window_id = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
        check=True, capture_output=True, text=True).stdout.split()[-1]
    width = os.environ.get("NATTER_SCREENSHOT_WIDTH")
    if width:
        subprocess.run(["xdotool", "windowsize", "--sync", window_id, width, "600"], check=True)
        time.sleep(0.5)
    subprocess.run(["import", "-window", window_id, out], check=True)
    bottom = os.environ.get("NATTER_SCREENSHOT_BOTTOM")
    if bottom:
        subprocess.run(["convert", out, "-gravity", "south", "-crop", f"0x{bottom}+0+0",
                        "+repage", out], check=True)
finally:
    app.close()
