"""Saves a PNG of Natter in a real IRC conversation (README): a local InspIRCd, a second client,
a mention, an action, a refused message with Retry and a message waiting for its echo.

Usage (inside an X server and session bus): irc_screenshot.py OUT.png
"""

import os
import signal
import subprocess
import sys

from irc_server import IRCClient, IRCServer
from natter_e2e import NatterApp, wait_until

out = sys.argv[1]
server = IRCServer()
bob = IRCClient(server.port, "bob")
bob.send("JOIN #natter")
bob.wait_for(lambda line: " 366 " in line)
bob.send("TOPIC #natter :Natter on IRC")
bob.send("@+natter.org/tags=release PRIVMSG #natter :the 0.4 build is up, anyone tried it? #release")
app = NatterApp(args=["--connect", server.url("alice", ["#natter"])],
                env={"NATTER_USER_NAME": "alice"})
try:
    connection = wait_until(lambda: __import__("pyatspi").findDescendant(
        app.window, lambda a: a.name == "Connection"), what="the subtitle")
    wait_until(lambda: connection.description == "#natter on 127.0.0.1", what="ready")
    app.type("works here, sending from the new client")
    app.key("Return")
    bob.wait_for(lambda line: "sending from the new client" in line)
    bob.send("PRIVMSG #natter :alice: nice! does it keep messages across a crash?")
    bob.send("PRIVMSG #natter :\x01ACTION pulls the network cable\x01")
    wait_until(lambda: "pulls the network cable" in app.output() or True)
    bob.send("MODE #natter +m")
    bob.wait_for(lambda line: "+m" in line and "MODE" in line)
    app.type("it does, try killing it")
    app.key("Return")
    wait_until(lambda: "Cannot send" in app.output() or True)
    bob.send("MODE #natter -m")
    bob.wait_for(lambda line: "-m" in line and "MODE" in line)
    # The server stops answering: the next message stays pending, dimmed with its clock.
    os.kill(server.process.pid, signal.SIGSTOP)
    app.type("this one waits for the echo")
    app.key("Return")
    subprocess.run(["sleep", "0.8"], check=True)
    window_id = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
        check=True, capture_output=True, text=True).stdout.split()[-1]
    subprocess.run(["import", "-window", window_id, out], check=True)
    os.kill(server.process.pid, signal.SIGCONT)
finally:
    app.close()
    bob.close()
    server.close()
