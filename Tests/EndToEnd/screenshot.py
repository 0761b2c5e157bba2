"""Saves a PNG of a natter window in a given state, for the README and the metainfo.

Usage (inside an X server and session bus): screenshot.py OUT.png [KEYS-TO-TYPE ...]
Each extra argument is typed with xdotool; one starting with "key:" is pressed as keys.
"""

import subprocess
import sys
import time

from natter_e2e import NatterApp

out = sys.argv[1]
app = NatterApp(args=())
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
    subprocess.run(["import", "-window", window_id, out], check=True)
finally:
    app.close()
