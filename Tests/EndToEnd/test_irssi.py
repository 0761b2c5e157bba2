"""A real IRC client on the other side (issue 28): irssi, run in a private tmux on a real
InspIRCd, talks with Natter. What irssi shows is read from its tmux pane; what Natter shows is
read through AT-SPI."""

import os
import shutil
import signal
import subprocess
import tempfile

from natter_e2e import wait_until
from test_conversations import shown_messages, sidebar_names
from test_irc import IRCTestCase


class Irssi:
    """irssi as `nick` in a tmux of its own (a private socket and home), driven by keys."""

    def __init__(self, port, nick):
        self.dir = tempfile.mkdtemp(prefix="natter-irssi-")
        self.socket = os.path.join(self.dir, "tmux.sock")
        home = os.path.join(self.dir, "home")
        os.makedirs(home)
        self.tmux("new-session", "-d", "-s", "irc", "-x", "200", "-y", "50",
                  "irssi", f"--home={home}", "-n", nick, "-c", "127.0.0.1", "-p", str(port))
        self.pid = int(self.tmux("display-message", "-p", "-t", "irc", "#{pane_pid}").strip())

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-S", self.socket, *arguments], check=True,
                              capture_output=True, text=True, timeout=10).stdout

    def type(self, line):
        """Types `line` into irssi's prompt and presses Enter (tmux sends each key literally)."""
        self.tmux("send-keys", "-t", "irc", "-l", line)
        self.tmux("send-keys", "-t", "irc", "Enter")

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "irc")

    def wait_shown(self, text, what):
        return wait_until(lambda: text in self.screen(), timeout=15,
                          what=f"{what} in irssi (it shows {self.screen()[-600:]!r})")

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


class IrssiTest(IRCTestCase):
    def irssi(self, server, nick):
        client = Irssi(server.port, nick)
        self.addCleanup(client.close)
        return client

    def test_a_conversation_with_irssi(self):
        server = self.server()
        app = self.connect(server)
        self.wait_ready(app)
        irssi = self.irssi(server, "ircuser")
        irssi.wait_shown("Welcome", "the server's welcome")
        irssi.type("/join #natter")
        wait_until(lambda: "ircuser joined" in shown_messages(app),
                   what="irssi's join in Natter")

        # irssi speaks, plain and in bold (Ctrl+B is irssi's bold): Natter shows the words.
        irssi.type("hello from irssi")
        irssi.type("this is \x02bold\x02 text")
        wait_until(lambda: {"hello from irssi", "this is bold text"} <= set(shown_messages(app)),
                   what="irssi's lines in Natter")

        # Natter answers with a message and an action; irssi shows both as its user would.
        self.send(app, "hi irssi")
        self.send(app, "/me waves")
        irssi.wait_shown("alice> hi irssi", "alice's message")
        irssi.wait_shown("* alice waves", "alice's action")

        # A notice from irssi is marked as one; irssi's CTCP VERSION gets Natter's answer.
        irssi.type("/notice #natter heads up")
        wait_until(lambda: "ircuser (notice)" in shown_messages(app)
                   and "heads up" in shown_messages(app), what="irssi's notice, marked")
        irssi.type("/ctcp alice VERSION")
        irssi.type("/window 1")  # irssi shows CTCP replies in its status window
        irssi.wait_shown("CTCP VERSION reply from alice: Natter", "Natter's VERSION answer")
        irssi.type("/window 2")

        # A private message from irssi opens a private chat; the answer reaches irssi's query.
        irssi.type("/msg alice psst")
        wait_until(lambda: "ircuser" in sidebar_names(app),
                   what="the private chat with ircuser listed")
