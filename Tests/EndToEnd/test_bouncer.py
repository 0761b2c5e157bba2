"""A bouncer is a network like any other (SPEC §11, issue 27): Debian's ZNC on loopback in
front of a real InspIRCd, Natter signed in as ZNC's `alice/net1`, a real client as bob."""

import re

from irc_server import ZNCBouncer
from natter_e2e import wait_until
from test_conversations import sidebar_names, sidebar_rows
from test_irc import IRCTestCase


class BouncerTest(IRCTestCase):
    def bouncer(self, networks):
        znc = ZNCBouncer(networks)
        self.addCleanup(znc.close)
        return znc

    def attach(self, znc, data_dir=None):
        """Natter started on ZNC's net1, with ZNC's password in the environment."""
        app = self.start(
            data_dir=data_dir,
            env={"G_MESSAGES_DEBUG": "natter", "NATTER_IRC_PASSWORD": znc.password},
            args=["--connect", znc.url("net1", ["#natter"])])
        app.connection = app.find("label", "Connection")
        app.messages = app.find("list", "Messages")
        self.wait_subtitle(app, lambda text: text == "#natter on net1", "#natter through ZNC",
                           timeout=30)
        return app

    def quit(self, app):
        app.key("ctrl+q")
        self.assertEqual(app.wait_exit(timeout=10), 0)

    def count(self, app, body):
        return self.rows(app, "SELECT count(*) FROM messages WHERE body = ?", body)[0][0]

    def test_playback_after_natter_was_closed_merges_once_and_counts_as_unread(self):
        server = self.server()
        bob = self.member(server, "bob")
        znc = self.bouncer({"net1": (server, ["#natter"])})
        bob.wait_for(lambda line: re.search(r":alice!\S+ JOIN :?#natter", line),
                     what="ZNC's alice in #natter", timeout=20)
        app = self.attach(znc)
        self.assertIn("net1", wait_until(lambda: sidebar_names(app), what="the sidebar"))

        # Sent through the bouncer: confirmed by its echo, tags riding on the text.
        self.send(app, "through the bouncer #ops")
        bob.wait_for(lambda line: "PRIVMSG #natter :through the bouncer #ops" in line,
                     what="the message through ZNC")
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "through the bouncer") == [("sent",)],
                   what="the message confirmed by ZNC's echo "
                        f"({self.rows(app, 'SELECT body, delivery FROM messages')})")
        bob.send("PRIVMSG #natter :before the close")
        self.wait_shown(app, "before the close")
        self.quit(app)

        # While Natter is closed ZNC keeps what is said: in the channel and in private.
        bob.send("PRIVMSG #natter :while away one")
        bob.send("PRIVMSG #natter :while away two #later")
        bob.send("PRIVMSG alice :private while away")
        # The server has handled bob's lines (and relayed them to ZNC) once it answers a PING.
        bob.send("PING :relayed")
        bob.wait_for(lambda line: " PONG " in line and "relayed" in line, what="bob's PONG")

        for attach in range(3):
            app = self.attach(znc, data_dir=app.data_dir)
            wait_until(lambda: self.count(app, "while away two #later") == 1,
                       what=f"the playback stored (attach {attach + 1}): "
                            f"{self.rows(app, 'SELECT body FROM messages')}", timeout=20)
            wait_until(lambda: "bob" in (sidebar_names(app) or []),
                       what=f"bob's private chat from the playback")
            if attach == 0:
                # Played back into the open channel; the private chat counts it unread.
                self.wait_shown(app, "while away one")
                wait_until(lambda: any(row[0] == "bob" and "1 unread" in (row[1] or "")
                                       for row in sidebar_rows(app)),
                           what=f"bob's chat unread")
            # Every attach plays the buffer back again; nothing is stored twice. The private
            # buffer plays after the channel's: once it is in, the playback is whole.
            wait_until(lambda: self.count(app, "private while away") >= 1,
                       what="the private playback stored")
            # Others' hashtags stay in their text; ours were tags before they rode on it.
            for body in ["before the close", "while away one", "while away two #later",
                         "private while away", "through the bouncer"]:
                self.assertEqual(self.count(app, body), 1, f"{body!r} after attach {attach + 1}")
            self.assertEqual(self.count(app, "through the bouncer #ops"), 0)
            self.assertEqual(
                self.rows(app, "SELECT tag FROM message_tags t JOIN messages m "
                               "ON m.seq = t.message_seq WHERE m.body = ?", "while away two #later"),
                [("later",)])
            self.quit(app)

    def test_status_is_a_private_chat_of_the_bouncer(self):
        server = self.server()
        znc = self.bouncer({"net1": (server, ["#natter"])})
        app = self.attach(znc)
        self.send(app, "/msg *status ListNetworks")
        wait_until(lambda: "*status" in (sidebar_names(app) or []),
                   what=f"the *status chat in the sidebar")
        wait_until(lambda: any("net1" in body for (body,) in self.rows(
            app, "SELECT body FROM messages WHERE sender = '*status'")),
            what="ZNC's network table from *status")
