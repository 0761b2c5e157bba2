"""Leaving Natter says goodbye on IRC (issue 25, part 6): Ctrl+Q, closing the window, SIGTERM
and SIGINT send QUIT with the message from Preferences, so others see it rather than
`Connection closed`, and the process still exits 0 at once."""

import os
import re
import signal
import sqlite3
import tempfile
import time

from natter_e2e import text_of, wait_until
from test_irc import IRCTestCase


class QuitTest(IRCTestCase):
    def joined(self, server, env=None):
        """bob in #natter, and Natter as alice, seen joining by bob."""
        bob = self.member(server, "bob")
        app = self.connect(server, env=env)
        self.wait_ready(app)
        bob.wait_for(lambda line: re.search(r"^(?:@\S+ )?:alice!\S+ JOIN", line),
                     what="alice joining")
        return bob, app

    def quit_line(self, bob):
        return bob.wait_for(lambda line: re.search(r"^(?:@\S+ )?:alice!\S+ QUIT", line),
                            what="alice's QUIT")

    def config_with_quit_message(self, message):
        config = self.enterContext(tempfile.TemporaryDirectory())
        os.makedirs(os.path.join(config, "natter"))
        with open(os.path.join(config, "natter", "settings.ini"), "w") as settings:
            settings.write(f"[irc]\nquit-message={message}\n")
        return {"XDG_CONFIG_HOME": config}

    def test_sigterm_says_quit_keeps_the_draft_and_exits_0_at_once(self):
        server = self.server()
        bob, app = self.joined(server)
        composer = app.find("text", "Message")
        app.type("half a thought")
        wait_until(lambda: text_of(composer) == "half a thought", what="the draft typed")

        started = time.monotonic()
        app.process.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(timeout=5), 0)
        self.assertLess(time.monotonic() - started, 1.5)
        # The default, empty quit message is a bare QUIT, which InspIRCd words itself.
        self.assertRegex(self.quit_line(bob), r"^(?:@\S+ )?:alice!\S+ QUIT :Client exited$")
        database = sqlite3.connect(
            f"file:{os.path.join(app.data_dir, 'natter.sqlite3')}?mode=ro", uri=True)
        try:
            drafts = database.execute("SELECT text FROM conversation_drafts").fetchall()
        finally:
            database.close()
        self.assertIn(("half a thought",), drafts)

    def test_the_quit_message_typed_in_preferences_goes_out_on_ctrl_q(self):
        server = self.server()
        bob, app = self.joined(server)
        self.focus_preferences_field(app, "Quit message")
        app.type("Gute Nacht")
        settings = os.path.join(app.config_dir, "natter", "settings.ini")

        def saved():
            with open(settings) as file:
                return "\nquit-message=Gute Nacht\n" in file.read()

        wait_until(saved, what="the quit message saved as it was typed")
        app.key("Escape")
        wait_until(lambda: not any(frame is not None and frame.name == "Preferences"
                                   for frame in app.accessible_app), what="Preferences closed")
        app.focus_window()
        app.key("ctrl+q")
        self.assertEqual(app.wait_exit(timeout=5), 0)
        self.assertRegex(self.quit_line(bob), r"^(?:@\S+ )?:alice!\S+ QUIT :Gute Nacht$")

    def test_closing_the_window_and_sigint_say_quit_too(self):
        for way in ("ctrl+w", "SIGINT"):
            with self.subTest(way=way):
                server = self.server()
                bob, app = self.joined(server, env=self.config_with_quit_message("bye for now"))
                if way == "SIGINT":
                    app.process.send_signal(signal.SIGINT)
                else:
                    app.key(way)
                self.assertEqual(app.wait_exit(timeout=5), 0)
                self.assertRegex(self.quit_line(bob),
                                 r"^(?:@\S+ )?:alice!\S+ QUIT :bye for now$")

    def test_another_account_in_preferences_says_quit_on_the_old_one(self):
        server = self.server()
        other = self.server()
        bob, app = self.joined(server)
        self.focus_preferences_field(app, "Account")
        app.key("ctrl+a")
        app.type(other.url("alice", ["#natter"]))
        app.key("Return")
        self.assertRegex(self.quit_line(bob), r"^(?:@\S+ )?:alice!\S+ QUIT :Client exited$")

