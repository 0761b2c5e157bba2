"""Natter's IRC behaviour where other clients and the server see it (issue 25): multi-line
commands never inject raw lines, a rejoin's replayed history does not duplicate what we sent,
a command that ran leaves no draft, a kick leaves the channel in the sidebar with `Rejoin`, a
private chat follows the other side's nick change, and quitting says `QUIT`.

Natter talks to a real InspIRCd through a `Relay` that logs every line it writes, so "never
sent" is asserted on the wire; raw-socket clients (bob) are the other side."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from irc_server import Relay  # noqa: E402
from natter_e2e import is_focused, on_screen, text_of, wait_until  # noqa: E402
from test_conversations import shown_messages, sidebar_names, sidebar_rows  # noqa: E402
from test_irc import IRCTestCase, press  # noqa: E402

# Caps for the other side, so it sees the chathistory replay and server times as Natter does.
CAPS = ("message-tags", "server-time", "batch", "echo-message")


def command_of(line):
    """The command of a raw IRC line, without its tags and prefix: `PRIVMSG`, `QUIT`…"""
    words = line.split(" ")
    while words and (words[0].startswith("@") or words[0].startswith(":")):
        words = words[1:]
    return words[0].upper() if words else ""


def without_tags(line):
    return line.split(" ", 1)[1] if line.startswith("@") and " " in line else line


def joined_line(nick, channel):
    return lambda line: re.search(rf":{nick}!\S+ JOIN :?{re.escape(channel)}$", line)


class InteropTestCase(IRCTestCase):
    def relayed(self, server, channels=("#natter",), **kwargs):
        """Natter connected through a logging relay, ready in the first of `channels`."""
        relay = Relay(server.port)
        self.addCleanup(relay.close)
        app = self.connect(relay, channels=channels, **kwargs)
        self.wait_ready(app, channel=channels[0])
        return app, relay

    def composer(self, app):
        return app.find("text", "Message")

    def type_lines(self, app, *lines):
        """Types `lines` with Shift+Enter between them (new lines in the composer), then Enter."""
        for index, line in enumerate(lines):
            app.type(line)
            if index < len(lines) - 1:
                app.key("shift+Return")
        app.key("Return")

    def assert_wire_clean(self, relay, forbidden=()):
        """No line Natter wrote holds a NUL, and none but a message holds `forbidden` text
        (a second composer line's)."""
        raw = relay.written_raw()
        self.assertEqual([line for line in raw if b"\0" in line], [], "a NUL on the wire")
        for line in relay.written_lines():
            if command_of(line) in ("PRIVMSG",):
                continue
            for text in forbidden:
                self.assertNotIn(text, line, f"a second composer line on the wire: {line!r}")

    def wait(self, predicate, what, state, timeout=10.0):
        """wait_until, saying on a timeout what `state()` reads then."""
        try:
            return wait_until(predicate, timeout=timeout, what=what)
        except AssertionError as error:
            raise AssertionError(f"{error}; it reads {state()!r}") from None

    def assert_stays(self, predicate, seconds, what):
        """predicate() holds now and all through `seconds`."""
        end = time.monotonic() + seconds
        while True:
            value = predicate()
            if not value:
                self.fail(f"{what} did not hold")
            if time.monotonic() > end:
                return value
            time.sleep(0.05)

    def natter_rows(self, app, columns="body, kind, delivery"):
        return self.rows(
            app, f"SELECT {columns} FROM messages WHERE conversation_id IN "
                 "(SELECT id FROM conversations WHERE url LIKE '%/#natter') ORDER BY sent_at, id")

    def wait_sent(self, app, body):
        self.wait(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?", body)
                  == [("sent",)], f"{body!r} stored and confirmed as sent",
                  lambda: self.natter_rows(app))

    def wait_stored(self, app, body):
        wait_until(lambda: self.rows(app, "SELECT count(*) FROM messages WHERE body = ?", body)
                   != [(0,)], what=f"{body!r} stored")

    def wait_open(self, app, name):
        # A private chat adds whether its person is online (MONITOR).
        self.wait_subtitle(app, lambda text: text.startswith(f"{name} on 127.0.0.1"),
                           f"{name} open")


class IRCCommandInjectionTest(InteropTestCase):
    """A command's argument never carries a second composer line onto the wire."""

    def refused(self, first, second, notice, commands):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        mark = len(relay.written_lines())
        self.type_lines(app, first, second)
        bob.drain(1.0)
        written = relay.written_since(mark)
        self.assertEqual([line for line in written if command_of(line) in commands], [],
                         f"nothing may be written for a two-line {first.split()[0]}; "
                         f"Natter wrote {written}")
        app.find("label", notice)
        self.assertEqual(text_of(self.composer(app)), f"{first}\n{second}",
                         "the composer keeps its text")
        self.assert_wire_clean(relay, forbidden=(second,))
        return bob

    def test_a_two_line_topic_sends_nothing_and_keeps_the_text(self):
        bob = self.refused("/topic a", "NOTICE bob :hi",
                           "/topic takes one line, so nothing was sent.", ("TOPIC", "NOTICE"))
        self.assertFalse([line for line in bob.lines if " NOTICE bob " in line], bob.lines)
        self.assertFalse([line for line in bob.lines if " TOPIC #natter" in line], bob.lines)

    def test_a_two_line_part_sends_nothing_and_keeps_the_text(self):
        bob = self.refused("/part see you", "restart beta",
                           "/part takes one line, so nothing was sent.", ("PART", "RESTART"))
        self.assertFalse([line for line in bob.lines if re.search(r":alice!\S+ PART", line)],
                         "alice stays in #natter")

    def test_quote_sends_only_its_first_line(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        mark = len(relay.written_lines())
        self.type_lines(app, "/quote PRIVMSG #natter :one", "PRIVMSG #natter :two")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :one"), what="the quoted line")
        bob.drain(1.0)
        written = [without_tags(line) for line in relay.written_since(mark)]
        self.assertEqual([line for line in written if "two" in line], [],
                         f"/quote wrote its second line too: {written}")
        # The trailing `:` is written only where it is needed.
        self.assertEqual(len([line for line in written
                              if re.fullmatch(r"PRIVMSG #natter :?one", line)]), 1, written)
        self.assertEqual(bob.privmsgs("#natter"), ["one"])
        self.assert_wire_clean(relay, forbidden=("PRIVMSG #natter :two",))

    def test_a_two_line_action_sends_two_actions(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        self.type_lines(app, "/me waves", "again")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :\x01ACTION again\x01"),
                     what="the second action")
        bob.drain(0.5)
        self.assertEqual(bob.privmsgs("#natter"),
                         ["\x01ACTION waves\x01", "\x01ACTION again\x01"])
        self.assert_wire_clean(relay)

    def test_a_two_line_private_message_sends_two_messages(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        self.type_lines(app, "/msg bob hi", "there")
        bob.wait_for(lambda line: line.endswith("PRIVMSG bob :there"), what="the second line")
        bob.drain(0.5)
        self.assertEqual(bob.privmsgs("bob"), ["hi", "there"])
        self.assert_wire_clean(relay)

    def test_a_double_slash_sends_its_text_not_a_command(self):
        # `//me hi` is the text `/me hi` (issue 26): parsed once, never again as /me.
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        self.send(app, "//me hi")
        bob.wait_for(lambda line: re.search(r"PRIVMSG #natter :/me hi$", line),
                     what="the text /me hi")
        self.assertEqual(bob.privmsgs("#natter"), ["/me hi"])
        self.wait(lambda: self.rows(app, "SELECT body, kind FROM messages WHERE body LIKE '%hi'")
                  == [("/me hi", "message")], "stored as the message `/me hi`",
                  lambda: self.natter_rows(app))


class IRCReplayTest(InteropTestCase):
    """What we sent, played back by InspIRCd's chanhistory on a rejoin, stays one message."""

    def rejoin(self, app, relay, bob):
        """/part and /join #natter again; returns once the replay was handled (a line bob
        sends after it is stored, and Natter handles lines in order)."""
        self.send(app, "/part")
        relay.wait_written(lambda line: command_of(line) == "PART", what="the PART")
        relay.wait_received(lambda line: re.search(r":alice!\S+ PART :?#natter", line),
                            what="the server's PART")
        wait_until(lambda: self.subtitle(app) != "#natter on 127.0.0.1",
                   what="#natter left")
        mark = len(relay.received_lines())
        self.send(app, "/join #natter")
        self.wait_open(app, "#natter")
        relay.wait_received(lambda line: re.search(r"BATCH :?\+\S+ chathistory", line),
                            since=mark, what="the replay starting")
        relay.wait_received(lambda line: re.search(r"BATCH :?-", line), since=mark,
                            what="the replay ending")
        bob.send("PRIVMSG #natter :after the replay")
        self.wait_stored(app, "after the replay")

    def setUpChannel(self, **server_options):
        server = self.server(**server_options)
        # bob keeps the channel, and so its history, while alice is out of it.
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server, channels=("#natter", "#gtk"))
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        return app, relay, bob

    def test_a_two_line_message_is_one_message_after_the_replay(self):
        app, relay, bob = self.setUpChannel()
        self.type_lines(app, "two", "lines")
        self.wait_sent(app, "two\nlines")
        self.rejoin(app, relay, bob)
        messages = [row for row in self.natter_rows(app) if row[1] == "message"]
        self.assertEqual([body for body, _, _ in messages].count("two\nlines"), 1, messages)
        self.assertEqual([row for row in messages if row[0] in ("two", "lines")], [],
                         "a line of it stored again as a message of its own")
        labels = shown_messages(app)
        self.assertEqual(labels.count("two\nlines"), 1, labels)
        self.assertNotIn("lines", labels)

    def test_a_long_split_message_is_one_message_after_the_replay(self):
        app, relay, bob = self.setUpChannel(maxline=512)  # LINELEN 512: two PRIVMSGs
        words = " ".join(f"word{n:03d}" for n in range(88))  # 703 bytes
        app.key_delay_ms = 8  # 703 keys at the usual 20 ms would take 14 s
        self.send(app, words)
        self.wait_sent(app, words)
        bob.drain(0.5)
        self.assertEqual(len(bob.privmsgs("#natter")), 2, "split into two PRIVMSGs")
        self.assertEqual(" ".join(bob.privmsgs("#natter")), words)
        self.rejoin(app, relay, bob)
        bodies = [body for body, kind, _ in self.natter_rows(app) if kind == "message"]
        self.assertEqual(bodies.count(words), 1, bodies)
        self.assertEqual([body for body in bodies if body != words and body in words], [],
                         "a piece of it stored again as a message of its own")

    def test_a_two_line_action_is_one_action_after_the_replay(self):
        app, relay, bob = self.setUpChannel()
        self.type_lines(app, "/me one", "two")
        self.wait_sent(app, "one\ntwo")
        self.rejoin(app, relay, bob)
        rows = [row for row in self.natter_rows(app) if row[1] in ("message", "action")]
        self.assertEqual([(body, kind) for body, kind, _ in rows if "one" in body or
                          "two" in body], [("one\ntwo", "action")], rows)
        labels = shown_messages(app)
        self.assertEqual(labels.count("* alice one\ntwo"), 1, labels)
        self.assertEqual([label for label in labels if label in ("* alice two", "two")], [],
                         labels)

    def test_a_line_from_someone_else_is_not_duplicated_by_the_replay(self):
        app, relay, bob = self.setUpChannel()
        bob.send("PRIVMSG #natter :bob said this before the part")
        self.wait_stored(app, "bob said this before the part")
        self.rejoin(app, relay, bob)
        self.assertEqual(self.rows(app, "SELECT count(*) FROM messages WHERE body = ?",
                                   "bob said this before the part"), [(1,)])


class IRCDraftAfterCommandTest(InteropTestCase):
    """A command that ran leaves no draft behind in the conversation it was typed in."""

    def test_a_sent_part_does_not_come_back_as_the_draft_after_rejoining(self):
        server = self.server()
        app, relay = self.relayed(server, channels=("#natter", "#gtk"))
        self.send(app, "/part")
        relay.wait_written(lambda line: line == "PART #natter", what="the PART")
        wait_until(lambda: self.subtitle(app) != "#natter on 127.0.0.1", what="#natter left")
        self.send(app, "/join #natter")
        relay.wait_written(lambda line: line == "JOIN #natter", what="the JOIN")
        self.wait_open(app, "#natter")
        composer = self.composer(app)
        self.assert_stays(lambda: text_of(composer) == "", 1.5,
                          f"#natter's composer empty (it reads {text_of(composer)!r})")

    def join_from_natter(self, channels):
        server = self.server()
        app, relay = self.relayed(server, channels=channels)
        self.send(app, "/join #gtk")
        self.wait_open(app, "#gtk")
        self.wait(lambda: sidebar_names(app) == ["Notes", "127.0.0.1", "#gtk", "#natter"],
                  "#gtk in the sidebar", lambda: sidebar_names(app))
        app.key("alt+4")  # back to #natter
        self.wait_open(app, "#natter")
        composer = self.composer(app)
        self.assert_stays(lambda: text_of(composer) == "", 1.5,
                          f"#natter's composer empty (it reads {text_of(composer)!r})")

    def test_a_join_of_a_channel_already_open_does_not_stay_as_the_draft(self):
        # #gtk is in the sidebar already, so /join opens it at once.
        self.join_from_natter(("#natter", "#gtk"))

    def test_a_join_of_a_new_channel_does_not_stay_as_the_draft(self):
        # #gtk opens once the server says we joined.
        self.join_from_natter(("#natter",))


class IRCKickTest(InteropTestCase):
    """Kicked: no PART, the channel stays in the sidebar marked left, with `Rejoin`."""

    def kicked(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)  # the first in #natter: its operator
        self.assertTrue(bob.is_operator("#natter"), bob.lines)
        # #gtk too, so the sidebar stays whatever happens to #natter.
        app, relay = self.relayed(server, channels=("#natter", "#gtk"))
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        mark = len(relay.written_lines())
        bob.send("KICK #natter alice :enough")
        relay.wait_received(lambda line: re.search(r":bob!\S+ KICK #natter alice :?enough$",
                                                   line), what="the KICK reaching Natter")
        bob.drain(2.0)
        written = relay.written_since(mark)
        self.assertEqual([line for line in written if command_of(line) == "PART"], [],
                         f"Natter answered the kick with a PART: {written}")
        self.wait_left_row(app, left=True)
        # Said in words on screen too, not only to a screen reader.
        self.wait(lambda: any(on_screen(label) for label in app.find_all("label", "Left")),
                  "`Left` shown in #natter's row", lambda: sidebar_rows(app))
        app.key("alt+4")  # #natter (Notes, the network, #gtk, #natter)
        self.wait(lambda: "bob removed you from #natter: enough" in shown_messages(app),
                  "the kick in #natter's transcript", lambda: shown_messages(app))
        self.assertNotIn("You left #natter", shown_messages(app))
        rejoin = app.find("push button", "Rejoin")
        self.assertTrue(on_screen(rejoin), "Rejoin shown while #natter is open")
        return app, relay, bob, rejoin

    def natter_row(self, app):
        return next((row for row in sidebar_rows(app) if row[0] == "#natter"), None)

    def wait_left_row(self, app, left):
        def marked():
            row = self.natter_row(app)
            return row is not None and ("left" in (row[1] or "").lower()) == left
        self.wait(marked, f"#natter in the sidebar {'marked' if left else 'not marked'} left",
                  lambda: sidebar_rows(app))

    def rejoined(self, app, relay, bob, rejoin_by):
        mark, bob_mark = len(relay.written_lines()), len(bob.lines)
        rejoin_by()
        relay.wait_written(lambda line: line == "JOIN #natter", since=mark, what="JOIN #natter")
        bob.wait_for(joined_line("alice", "#natter"), since=bob_mark, what="alice back")
        self.wait_left_row(app, left=False)
        bob.drain(0.5)
        self.assertNotIn("You left #natter", shown_messages(app))

    def test_being_kicked_keeps_the_channel_marked_left_without_a_part(self):
        self.kicked()

    def test_rejoin_joins_again(self):
        app, relay, bob, rejoin = self.kicked()
        self.rejoined(app, relay, bob, lambda: press(rejoin))

    def test_rejoin_is_reached_with_shift_tab_and_pressed_with_enter(self):
        app, relay, bob, rejoin = self.kicked()

        def focus_rejoin():
            for _ in range(8):
                app.key("shift+Tab")
                try:
                    # Each press moves the focus; stop as soon as it is on Rejoin.
                    return wait_until(lambda: is_focused(rejoin), timeout=0.5)
                except AssertionError:
                    continue
            return False
        self.assertTrue(focus_rejoin(), "Shift+Tab from the composer reaches Rejoin")
        self.rejoined(app, relay, bob, lambda: app.key("Return"))

    def test_typing_join_after_a_kick_joins_again(self):
        app, relay, bob, _ = self.kicked()
        self.rejoined(app, relay, bob, lambda: self.send(app, "/join #natter"))


class IRCNickChangeTest(InteropTestCase):
    def test_a_private_chat_follows_the_other_sides_nick_change(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)  # shares #natter, so alice sees the NICK
        app, relay = self.relayed(server)
        bob.send("PRIVMSG alice :hello")
        self.wait(lambda: sidebar_names(app) == ["Notes", "127.0.0.1", "#natter", "bob"],
                  "the private chat with bob in the sidebar", lambda: sidebar_names(app))
        app.key("alt+4")
        self.wait_open(app, "bob")
        self.wait(lambda: "hello" in shown_messages(app), "bob's hello",
                  lambda: shown_messages(app))
        bob.send("NICK robert")
        self.wait(lambda: sidebar_names(app) == ["Notes", "127.0.0.1", "#natter", "robert"],
                  "the chat renamed robert, no bob left", lambda: sidebar_names(app))
        self.wait(lambda: "bob is now known as robert" in shown_messages(app),
                  "the nick change in the chat", lambda: shown_messages(app))
        self.send(app, "reply")
        bob.wait_for(lambda line: line.endswith("PRIVMSG robert :reply"),
                     what="the reply reaching robert")
        bob.drain(0.5)
        self.assertEqual([label for label in shown_messages(app)
                          if label.startswith("There is nobody called")], [])

    def test_bob_and_Bob_are_one_private_chat(self):
        # The server's case mapping decides who is who (issue 26): a chat opened as `Bob`
        # gets bob's answer, and no second chat opens for `bob`.
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server)
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        self.send(app, "/msg Bob hello")
        bob.wait_for(lambda line: re.search(r"PRIVMSG bob :hello$", line, re.I),
                     what="the message to Bob")
        self.wait(lambda: sidebar_names(app) == ["Notes", "127.0.0.1", "#natter", "Bob"],
                  "the chat with Bob", lambda: sidebar_names(app))
        bob.send("PRIVMSG alice :hi from bob")
        self.wait(lambda: self.rows(app, "SELECT count(*) FROM messages WHERE body = ?",
                                    "hi from bob") == [(1,)], "bob's answer stored",
                  lambda: self.natter_rows(app))
        bob.drain(0.5)
        self.assertEqual(sidebar_names(app), ["Notes", "127.0.0.1", "#natter", "Bob"])
        self.assertEqual(self.rows(
            app, "SELECT DISTINCT c.url FROM messages m JOIN conversations c "
                 "ON c.id = m.conversation_id WHERE m.body IN ('hello', 'hi from bob')"),
            [(self.rows(app, "SELECT url FROM conversations WHERE url LIKE '%/Bob'")[0][0],)])

    def test_our_own_nick_change_says_you_are_now_known_as_everywhere(self):
        server = self.server()
        bob = self.member(server, "bob", caps=CAPS)
        app, relay = self.relayed(server, channels=("#natter", "#gtk"))
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        bob.send("PRIVMSG alice :psst")
        self.wait(lambda: "bob" in sidebar_names(app), "the chat with bob",
                  lambda: sidebar_names(app))
        self.send(app, "/nick natty2")
        relay.wait_received(lambda line: re.search(r":alice!\S+ NICK :?natty2$", line),
                            what="the server renaming us")
        # Said where it was typed, and in every other channel and chat, as IRC clients do.
        self.wait(lambda: sorted(url.rsplit("/", 1)[1] for (url,) in self.rows(
            app, "SELECT c.url FROM messages m JOIN conversations c ON c.id = m.conversation_id "
                 "WHERE m.body = 'You are now known as natty2'"))
            == ["#gtk", "#natter", "bob"], "the change in #natter, #gtk and bob's chat",
            lambda: self.natter_rows(app))
        self.wait(lambda: "You are now known as natty2" in shown_messages(app),
                  "our nick change on screen", lambda: shown_messages(app))


class IRCQuitTest(InteropTestCase):
    """Quitting says QUIT (with the reason from settings), so others do not see the socket
    simply close."""

    def quitting(self, settings=""):
        # prefixquit as networks set it (InspIRCd's example config): `QUIT :x` reads
        # `Quit: x` to others, a bare `QUIT` reads `Client exited`, a dropped socket
        # `Connection closed`.
        server = self.server(prefixquit="Quit: ")
        bob = self.member(server, "bob", caps=CAPS)
        env = None
        if settings:
            config = tempfile.mkdtemp(prefix="natter-e2e-config-")
            self.addCleanup(shutil.rmtree, config, True)
            os.makedirs(os.path.join(config, "natter"))
            with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
                f.write(settings)
            env = {"XDG_CONFIG_HOME": config}
        app, relay = self.relayed(server, env=env)
        bob.wait_for(joined_line("alice", "#natter"), what="alice in #natter")
        return app, relay, bob

    def quit_reason(self, bob):
        line = bob.wait_for(lambda line: re.search(r":alice!\S+ QUIT", line),
                            what="alice's QUIT")
        return without_tags(line).split(" QUIT", 1)[1].removeprefix(" ").removeprefix(":")

    def quit_lines(self, relay):
        """The QUIT lines Natter wrote, once it has gone (the relay may still be reading)."""
        def quits():
            return [line for line in relay.written_lines() if command_of(line) == "QUIT"]
        try:
            wait_until(quits, timeout=1, what="a QUIT")
        except AssertionError:
            pass
        return quits()

    def exit_code(self, app, timeout):
        try:
            return app.wait_exit(timeout)
        except subprocess.TimeoutExpired:
            self.fail(f"Natter still running {timeout} s after being told to quit")

    def test_ctrl_q_writes_a_bare_quit_before_closing(self):
        app, relay, bob = self.quitting()
        app.key("ctrl+q")
        self.exit_code(app, 10)
        self.assertEqual(self.quit_lines(relay), ["QUIT"],
                         f"Natter wrote {relay.written_lines()}")
        self.assertEqual(self.quit_reason(bob), "Client exited")

    def test_the_quit_message_from_settings_goes_with_the_quit(self):
        app, relay, bob = self.quitting(settings="[irc]\nquit-message=See you\n")
        app.key("ctrl+q")
        self.exit_code(app, 10)
        self.assertEqual(self.quit_lines(relay), ["QUIT :See you"],
                         f"Natter wrote {relay.written_lines()}")
        self.assertEqual(self.quit_reason(bob), "Quit: See you")
