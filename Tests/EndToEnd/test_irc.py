"""Natter on IRC as a user meets it (SPEC §9, issue 16): a real InspIRCd on loopback, Natter
driven with the keyboard and read through AT-SPI, and a second real client talking to it."""

import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import tempfile
import time

import pyatspi

from irc_server import IRCClient, IRCServer, Relay
from natter_e2e import NATTER_BIN, NatterApp, NatterTestCase, wait_until


def labels_under(accessible):
    return [label.name for label in pyatspi.findAllDescendants(
        accessible, lambda a: a.getRoleName() == "label")]


def press(button):
    button.queryAction().doAction(0)


class IRCTestCase(NatterTestCase):
    def scripted_server(self, script, *arguments):
        """Starts `script` (a scripted server beside this file, for what no Debian daemon
        does) with a port file, a log of the lines it read and `arguments`; returns the port
        it listens on and the log's path. It is killed, by its PID, when the test ends."""
        import sys
        import tempfile
        work = self.enterContext(tempfile.TemporaryDirectory())
        port_file, log_file = os.path.join(work, "port"), os.path.join(work, "lines")
        fake = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), script),
                                 port_file, log_file, *arguments])
        self.addCleanup(fake.wait)
        self.addCleanup(fake.kill)

        def written_port():
            if not os.path.exists(port_file):
                return None
            with open(port_file) as f:
                return f.read()

        return int(wait_until(written_port, what=f"{script}'s port")), log_file

    def server(self, **kwargs):
        server = IRCServer(**kwargs)
        self.addCleanup(server.close)
        return server

    def client(self, server, nick, **kwargs):
        client = IRCClient(server.port, nick, **kwargs)
        self.addCleanup(client.close)
        return client

    def member(self, server, nick, channels=("#natter",), **kwargs):
        """A second client in `channels`: joined once the server has listed each one's names."""
        client = self.client(server, nick, **kwargs)
        for channel in channels:
            client.send(f"JOIN {channel}")
        for channel in channels:
            client.wait_for(lambda line: " 366 " in line and f" {channel} " in line,
                            what=f"{nick} in {channel}")
        return client

    def connect(self, server, nick="alice", channels=("#natter",), data_dir=None, env=None,
                tls=False, extra=()):
        environment = {"G_MESSAGES_DEBUG": "natter"}
        environment.update(env or {})
        app = self.start(data_dir=data_dir, env=environment,
                         args=["--connect", server.url(nick, list(channels), tls=tls), *extra])
        app.connection = app.find("label", "Connection")
        app.messages = app.find("list", "Messages")
        return app

    def focus_preferences_field(self, app, name):
        """Opens Preferences (Ctrl+,) and focuses its text field `name`; returns the field."""
        app.key("ctrl+comma")

        def field():
            for frame in app.accessible_app:
                if frame is not None and frame.name == "Preferences":
                    return pyatspi.findDescendant(
                        frame, lambda a: a.getRoleName() == "text" and a.name == name)
            return None

        entry = wait_until(field, what=f"the {name} field in Preferences")
        # GTK 4.8's AT-SPI cannot move the focus: click the field, as a user would.
        box = entry.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        preferences = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Preferences$"],
            check=True, capture_output=True, text=True).stdout.split()[-1]
        subprocess.run(["xdotool", "mousemove", "--window", preferences,
                        str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1"],
                       check=True)
        wait_until(lambda: pyatspi.STATE_FOCUSED in entry.getState().getStates(),
                   what=f"the {name} field focused")
        return entry

    def subtitle(self, app):
        return app.connection.description

    def wait_subtitle(self, app, predicate, what, timeout=20):
        return wait_until(lambda: predicate(self.subtitle(app)), timeout=timeout,
                          what=f"the Connection subtitle to show {what} "
                               f"(it says {self.subtitle(app)!r})")

    def wait_ready(self, app, channel="#natter", timeout=20):
        self.wait_subtitle(app, lambda text: text == f"{channel} on 127.0.0.1", "ready",
                           timeout=timeout)

    def wait_shown(self, app, text, timeout=10):
        return wait_until(lambda: text in labels_under(app.messages), timeout=timeout,
                          what=f"{text!r} in the transcript")

    def rows(self, app, sql, *params):
        database = sqlite3.connect(
            f"file:{os.path.join(app.data_dir, 'natter.sqlite3')}?mode=ro", uri=True)
        try:
            return database.execute(sql, params).fetchall()
        finally:
            database.close()

    def send(self, app, text):
        app.type(text)
        app.key("Return")

    def in_a_moderated_channel(self):
        """Natter (alice) in #natter, which bob, its operator, has set +m: what alice sends
        is refused. Returns the server, bob and the app."""
        server = self.server()
        bob = self.member(server, "bob")
        bob.send("MODE #natter +m")
        bob.wait_for(lambda line: re.search(r"MODE #natter :?\+m", line),
                     what="the channel moderated")
        app = self.connect(server)
        self.wait_ready(app)
        return server, bob, app


class IRCConversationTest(IRCTestCase):
    def test_connect_join_send_with_enter_and_see_the_echo_confirmed(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        bob.wait_for(lambda line: re.search(r":alice!\S+ JOIN", line), what="alice joining")
        self.wait_shown(app, "You joined #natter")

        self.send(app, "hello from natter #swift")
        line = bob.wait_for(lambda line: "hello from natter" in line, what="the message")
        self.assertIn("+natter.org/tags=swift", line)
        self.assertTrue(line.endswith("PRIVMSG #natter :hello from natter #swift"), line)
        # Shown without the suffix, with the chip, and confirmed with the server's msgid.
        self.wait_shown(app, "hello from natter")
        wait_until(lambda: self.rows(
            app, "SELECT delivery, msgid FROM messages WHERE body = 'hello from natter'")
            == [("sent", re.search(r"msgid=([^;]+)", line).group(1))],
            what="the message stored as sent with the server's msgid")
        app.find("push button", "#swift")

    def test_a_confirmed_message_is_drawn_in_full(self):
        # The echo confirms a message a few milliseconds after the frame that drew it pending,
        # dimmed. GTK 4.8 left the label's new style to whatever next measured or drew it, and
        # nothing did: every message sent stayed dimmed, as if the server had not taken it,
        # until the conversation was shown again. AT-SPI and the database were right; only the
        # screen shows it.
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        bob.send("PRIVMSG #natter :hello alice")
        self.wait_shown(app, "hello alice")
        window = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
            check=True, capture_output=True, text=True).stdout.split()[-1]

        def contrast(text):
            """How far apart the label's lightest and darkest pixels are: its text against its
            background, in either style; dimmed text has less."""
            label = pyatspi.findDescendant(
                app.messages, lambda a: a.getRoleName() == "label" and a.name == text)
            box = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            grey = subprocess.run(
                ["import", "-window", window, "-crop",
                 f"{box.width}x{box.height}+{box.x}+{box.y}", "-colorspace", "gray",
                 "-depth", "8", "gray:-"], check=True, capture_output=True).stdout
            return max(grey) - min(grey)

        received = contrast("hello alice")
        self.assertGreater(received, 175, "a received message is drawn in full")
        for text in ("first from natter", "second from natter"):
            self.send(app, text)
            bob.wait_for(lambda line: line.endswith(f":{text}"), what=f"{text!r} at bob")
            wait_until(lambda: self.rows(
                app, "SELECT delivery FROM messages WHERE body = ?", text) == [("sent",)],
                what=f"{text!r} confirmed")
            self.wait_shown(app, text)
            try:
                wait_until(lambda: contrast(text) >= received - 10, timeout=5,
                           what=f"{text!r} drawn in full")
            except AssertionError:
                self.fail(f"{text!r} is still drawn dimmed once confirmed: contrast "
                          f"{contrast(text)} against a received message's {received}")

    def test_messages_from_another_client_are_plain_text_with_tags_and_actions(self):
        server = self.server()
        app = self.connect(server)
        self.wait_ready(app)
        bob = self.member(server, "bob")
        bob.send("@+natter.org/tags=gtk PRIVMSG #natter :hi alice <b>bold</b> "
                 "\x0304,01red\x03 \x02done\x02 #gtk")
        bob.send(b"PRIVMSG #natter :caf\xe9 in Windows-1252")
        bob.send("PRIVMSG #natter :\x01ACTION dances\x01")
        self.wait_shown(app, "hi alice <b>bold</b> red done")
        self.wait_shown(app, "café in Windows-1252")
        self.wait_shown(app, "* bob dances")
        app.find("push button", "#gtk")
        mentions = self.rows(app, "SELECT mentions FROM messages WHERE body LIKE 'hi alice%'")
        self.assertEqual(mentions, [(1,)])

        self.send(app, "/me waves")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :\x01ACTION waves\x01"),
                     what="the action")
        self.wait_shown(app, "* alice waves")

    def test_a_600_byte_message_arrives_whole(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        words = " ".join(f"w{n:03d}" for n in range(120))  # 599 bytes
        self.send(app, words)
        wait_until(lambda: " ".join(bob.privmsgs("#natter")) == words or bob.read(0.1),
                   what="every word, in order (split at a space if the server needs it)")
        # InspIRCd advertises LINELEN, so the line limit is the server's, not 512.
        self.assertLessEqual(len(bob.privmsgs("#natter")), 2)
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?", words)
                   == [("sent",)], what="the long message confirmed: " + repr(self.rows(
                       app, "SELECT delivery, length(body), outbox FROM messages")))

    def test_send_to_echo_latency_on_loopback(self):
        server = self.server()
        # The test server has no flood limits, so Natter's own pacing (5 lines, then one
        # every 2 s) is switched off for it: this measures the round trip, not the pacing.
        config = tempfile.mkdtemp(prefix="natter-e2e-config-")
        self.addCleanup(shutil.rmtree, config, True)
        os.makedirs(os.path.join(config, "natter"))
        with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
            f.write("[irc]\nsend-burst=100\nsend-interval=0\n")
        app = self.connect(server, env={"XDG_CONFIG_HOME": config})
        self.wait_ready(app)
        for n in range(15):
            self.send(app, f"ping {n}")
        wait_until(lambda: len(re.findall(r"echo of \S+ after", app.output())) == 15,
                   timeout=20, what="15 echoes")
        figures = [float(ms) for ms in re.findall(r"echo of \S+ after ([0-9.]+) ms",
                                                   app.output())]
        median = statistics.median(figures)
        print(f"\nsend to echo on loopback: median {median:.2f} ms, max {max(figures):.2f} ms")
        self.assertLess(median, 20, figures)

    def test_a_client_on_a_second_linked_server_talks_to_natter(self):
        from irc_server import free_port
        one_port, two_port = free_port(), free_port()
        one = self.server(name="one.test", sid="1AA", server_port=one_port,
                          link=("two.test", two_port, True))
        two = self.server(name="two.test", sid="2BB", server_port=two_port,
                          link=("one.test", one_port, False))
        app = self.connect(one)
        self.wait_ready(app)
        bob = self.client(two, "bob")

        def linked():
            bob.send("LINKS")
            bob.read(0.3)
            return any(" 364 " in line and "one.test" in line for line in bob.lines)

        wait_until(linked, timeout=20, what="the two servers linked")
        bob.send("JOIN #natter")
        bob.wait_for(lambda line: " 366 " in line, what="bob in #natter on two.test")
        bob.send("@+natter.org/tags=mesh PRIVMSG #natter :hello across the link #mesh")
        self.wait_shown(app, "hello across the link")
        app.find("push button", "#mesh")
        self.send(app, "and back again")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :and back again"),
                     what="Natter's reply on the other server")

    def test_nickname_in_use_gets_an_underscore(self):
        server = self.server()
        self.client(server, "alice")
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        bob.wait_for(lambda line: re.search(r":alice_!\S+ JOIN", line), what="alice_ joining")
        self.send(app, "who am i")
        bob.wait_for(lambda line: re.search(r":alice_!\S+ PRIVMSG #natter :who am i", line),
                     what="the message from alice_")


class IRCDeliveryTest(IRCTestCase):
    def test_offline_typing_goes_out_exactly_once_in_order_after_the_server_returns(self):
        server = self.server()
        app = self.connect(server)
        self.wait_ready(app)
        server.stop()
        self.wait_subtitle(app, lambda text: text.startswith("Disconnected:"), "disconnected")
        reconnect = app.find("push button", "Reconnect")
        bodies = ["offline one", "offline two", "offline three"]
        for body in bodies:
            self.send(app, body)
        self.wait_subtitle(app, lambda text: text.startswith("Offline — 3 messages waiting"),
                           "three messages waiting")
        self.assertEqual(
            self.rows(app, "SELECT count(*) FROM messages WHERE delivery = 'pending'"), [(3,)])

        server.start()
        bob = self.member(server, "bob", caps=("message-tags", "server-time", "batch"))
        press(reconnect)
        self.wait_ready(app)
        wait_until(lambda: bob.read(0.1) or bob.privmsgs("#natter") == bodies,
                   what="the three messages, live or played back")
        wait_until(lambda: self.rows(
            app, "SELECT count(*) FROM messages WHERE delivery = 'sent' AND body LIKE 'offline%'")
            == [(3,)], what="all three confirmed")
        bob.drain(1.0)
        self.assertEqual(bob.privmsgs("#natter"), bodies, "each exactly once, in order")

    def test_sigkill_between_send_and_echo_loses_nothing_and_sends_nothing_twice(self):
        server = self.server()
        # bob keeps the channel (and so its history) alive while Natter is gone: InspIRCd
        # forgets an empty channel's history.
        bob = self.member(server, "bob", caps=("message-tags", "server-time", "batch"))
        app = self.connect(server)
        self.wait_ready(app)
        data_dir = app.data_dir
        app.owns_data_dir = False
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", data_dir]))
        # The server stops answering: the line is written, its echo cannot come.
        os.kill(server.process.pid, signal.SIGSTOP)
        try:
            self.send(app, "written before the crash")
            wait_until(lambda: "PRIVMSG #natter :written before the crash" in app.output(),
                       what="the line written to the socket")
            self.assertEqual(self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                       "written before the crash"), [("pending",)])
            app.process.kill()
            app.process.wait()
        finally:
            os.kill(server.process.pid, signal.SIGCONT)

        restarted = self.connect(server, data_dir=data_dir)
        self.wait_ready(restarted)
        wait_until(lambda: self.rows(restarted, "SELECT delivery FROM messages WHERE body = ?",
                                     "written before the crash") == [("sent",)],
                   what="the message confirmed from the played-back history")
        self.wait_shown(restarted, "written before the crash")
        bob.drain(1.0)
        self.assertEqual(bob.privmsgs("#natter"), ["written before the crash"])
        self.assertEqual(self.rows(restarted, "SELECT count(*) FROM messages WHERE body = ?",
                                   "written before the crash"), [(1,)])

    def drop_mid_send(self, lose_the_line):
        """Natter talks through a relay that is cut after its message was written: either
        the server got the line and only the echo was lost, or the line itself was lost."""
        server = self.server()
        bob = self.member(server, "bob", caps=("message-tags", "server-time", "batch"))
        # The channel's history is what tells Natter afterwards whether the line arrived; an
        # empty one is not played back at all (then the message fails visibly instead).
        bob.send("PRIVMSG #natter :before the drop")
        relay = Relay(server.port)
        self.addCleanup(relay.close)
        app = self.connect(relay)
        self.wait_ready(app)
        relay.hold(requests=lose_the_line)
        body = "sent as the line dropped"
        self.send(app, body)
        wait_until(lambda: f"PRIVMSG #natter :{body}" in app.output(), what="the line written")
        if lose_the_line:
            wait_until(lambda: body.encode() in relay.held_requests, what="the line held")
        else:
            bob.wait_for(lambda line: line.endswith(f"PRIVMSG #natter :{body}"),
                         what="the message at the server")
        relay.cut()
        self.wait_subtitle(app, lambda text: not text.endswith("on 127.0.0.1"), "the drop")
        self.wait_ready(app)
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?", body)
                   == [("sent",)], what="the message confirmed once Natter knows")
        self.send(app, "and the next one")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :and the next one"),
                     what="the next message")
        bob.drain(1.0)
        self.assertEqual(bob.privmsgs("#natter"), [body, "and the next one"],
                         "each exactly once, in order")
        self.assertEqual(self.rows(app, "SELECT count(*) FROM messages WHERE body = ?", body),
                         [(1,)])

    def test_a_drop_after_the_server_got_the_line_does_not_send_it_again(self):
        self.drop_mid_send(lose_the_line=False)

    def test_a_drop_that_lost_the_line_sends_it_once_after_reconnecting(self):
        self.drop_mid_send(lose_the_line=True)

    def test_a_long_paste_goes_out_whole_without_the_server_killing_us_for_flooding(self):
        # A server with flood limits as networks set them; a raw client shows they bite.
        server = self.server(flood=True)
        flooder = self.client(server, "flooder", caps=())
        flooder.send_many([f"PRIVMSG flooder :flood {n}" for n in range(40)])
        with self.assertRaises(AssertionError):
            flooder.drain(5)  # raises when the server closes the connection
        self.assertTrue(any("Excess Flood" in line for line in flooder.lines), flooder.lines)
        bob = self.member(server, "bob", caps=("message-tags", "server-time"))
        app = self.connect(server)
        self.wait_ready(app)
        lines = [f"pasted line {n}" for n in range(12)]
        for n, line in enumerate(lines):
            app.type(line)
            if n < len(lines) - 1:
                app.key("shift+Return")
        app.key("Return")
        # More than 5 lines to a channel asks first (SPEC §13); Enter sends them.
        from test_conversations import focus_dialog  # which imports this module
        focus_dialog("Send 12 lines to #natter?")
        app.key("Return")
        wait_until(lambda: bob.read(0.2) or len(bob.privmsgs("#natter")) == len(lines),
                   timeout=60, what="every pasted line relayed")
        self.assertEqual(bob.privmsgs("#natter"), lines)
        self.assertNotIn("Excess Flood", app.output())
        self.wait_ready(app)
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body LIKE "
                                          "'pasted line 0%'") == [("sent",)],
                   what="the paste confirmed")

    def test_a_refused_message_fails_with_the_reason_and_retry_sends_it(self):
        _, bob, app = self.in_a_moderated_channel()
        self.send(app, "can anyone hear me")
        wait_until(lambda: any(label.startswith("Your message could not be sent to #natter")
                               for label in labels_under(app.messages)),
                   what="the failure with the server's reason")
        retry = app.find("push button", "Retry")
        self.assertEqual(bob.privmsgs("#natter"), [])
        # The reason is on the message's row once, not repeated as a status line.
        self.assertEqual(self.rows(app, "SELECT count(*) FROM messages WHERE kind = 'status' "
                                        "AND body LIKE '%could not be sent%'"), [(0,)])
        self.assertEqual(sum("could not be sent" in label
                             for label in labels_under(app.messages)), 1,
                         labels_under(app.messages))
        bob.send("MODE #natter -m")
        bob.wait_for(lambda line: re.search(r"MODE #natter :?-m", line),
                     what="the channel open again")
        press(retry)
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :can anyone hear me"),
                     what="the retried message")
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "can anyone hear me") == [("sent",)],
                   what="the retried message confirmed")

        # By keys: the refused message selected (Alt+Up), Enter sends it again.
        def mode_lines(change):
            return self.rows(app, "SELECT count(*) FROM messages WHERE kind = 'status' "
                                  "AND body LIKE ?", f"% set {change}")[0][0]

        moderated = mode_lines("+m")
        bob.send("MODE #natter +m")
        wait_until(lambda: mode_lines("+m") == moderated + 1, what="the channel moderated again")
        self.send(app, "and now by keys")
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "and now by keys") == [("failed",)],
                   what="the second message refused")
        app.key("alt+Up")
        opened = mode_lines("-m")
        bob.send("MODE #natter -m")
        wait_until(lambda: mode_lines("-m") == opened + 1, what="the channel open again")
        app.key("Return")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :and now by keys"),
                     what="the message retried by Enter")

    def test_a_burst_of_10000_messages_is_stored_and_the_newest_shown(self):
        server = self.server()
        # natter's bench probe reports the longest main-loop stall and the longest time
        # without a frame from the first message of the burst to the 10,000th stored.
        probe_dir = tempfile.mkdtemp(prefix="natter-e2e-probe-")
        self.addCleanup(shutil.rmtree, probe_dir, True)
        fifo = os.path.join(probe_dir, "bench")
        os.mkfifo(fifo)
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.addCleanup(os.close, reader)
        app = self.connect(server, env={"NATTER_BENCH": fifo, "NATTER_BENCH_BURST": "10000"})
        self.wait_ready(app)
        # InspIRCd relays about 500 lines a second from any one client, so twenty busy
        # speakers make the burst; a plain client beside Natter shows when the server is done.
        reference = self.member(server, "carol", caps=())
        speakers = []
        for n in range(20):
            speaker = self.client(server, f"bob{n}", caps=())
            speaker.send("JOIN #natter")
            speaker.wait_for(lambda line: " 366 " in line, what="a speaker in #natter")
            speakers.append(speaker)
        started = time.monotonic()
        for n, speaker in enumerate(speakers):
            speaker.send_many([f"PRIVMSG #natter :burst {n * 500 + k}" for k in range(500)])
        received = 0
        while received < 10_000:
            reference.read(0.2)
            received = sum(1 for line in reference.lines if "PRIVMSG #natter :burst" in line)
            self.assertLess(time.monotonic() - started, 60, "the server did not relay it all")
        relayed = time.monotonic() - started
        newest = reference.lines[-1].split(" :", 1)[1]
        self.wait_shown(app, newest, timeout=30)
        shown = time.monotonic() - started
        wait_until(lambda: self.rows(
            app, "SELECT count(*) FROM messages WHERE body LIKE 'burst %'") == [(10_000,)],
            what="all 10,000 stored")
        stored = time.monotonic() - started
        probe = b""

        def burst_report():
            nonlocal probe
            try:
                probe += os.read(reader, 65536)
            except BlockingIOError:
                pass
            return next((line.split() for line in probe.decode().splitlines()
                         if line.startswith("burst ")), None)

        report = wait_until(burst_report, what="the probe's burst report")
        stall_ms, frame_gap_ms = int(report[2]) / 1000, int(report[3]) / 1000
        print(f"\nburst of 10,000: the server relayed it in {relayed:.2f} s (a raw client); "
              f"Natter showed the newest after {shown:.2f} s and had all stored after "
              f"{stored:.2f} s; longest main-loop stall {stall_ms:.1f} ms, longest time "
              f"without a frame {frame_gap_ms:.1f} ms over {report[4]} frames")
        # Still answering: a key typed now shows in the composer.
        app.type("still here")
        composer = app.find("text", "Message")
        wait_until(lambda: composer.queryText().getText(0, -1) == "still here",
                   what="the composer to take keys after the burst")
        # SPEC §8's 2 s is natter-bench's to measure (`--suites network`, a release build):
        # here a debug build on a shared machine only has to keep up, well within 15 s.
        release = "/release/" in os.path.realpath(NATTER_BIN)
        self.assertLess(stored - relayed, 15.0)
        # The window kept drawing: lines are handled a slice at a time below GTK's redraw
        # priority. Handling each read whole (NATTER_BENCH_INBOX=read) went 0.9-3 s without a
        # frame here; slices 50-180 ms on this loaded machine.
        self.assertLess(frame_gap_ms, 250 if release else 500)


    def test_a_flood_into_a_channel_just_joined_leaves_the_window_drawing(self):
        # Issue 32's thirteenth pass found the window frozen for good after a flood into a
        # channel it had just joined, in about 4 starts of 10: GDK gave up laying the frame out
        # ("layout continuously requested") and GTK 4.8's window never painted again. AT-SPI
        # still saw every message, so only the screen shows it: what is typed must be drawn.
        # Each new channel is another chance for it, so the flood comes four times.
        server = self.server()
        app = self.connect(server)
        self.wait_ready(app)
        window = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
            check=True, capture_output=True, text=True).stdout.split()[-1]
        composer = app.find("text", "Message")

        def composer_pixels():
            box = composer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return subprocess.run(
                ["import", "-window", window, "-crop",
                 f"{box.width}x{box.height}+{box.x}+{box.y}", "-depth", "8", "rgb:-"],
                check=True, capture_output=True).stdout

        for attempt in range(4):
            channel = f"#flood{attempt}"
            speakers = [self.member(server, f"f{attempt}x{n}", channels=(channel,), caps=())
                        for n in range(10)]
            self.send(app, f"/join {channel}")
            for speaker in speakers:
                speaker.wait_for(lambda line: line.startswith(":alice!")
                                 and line.split()[1:3] in (["JOIN", channel], ["JOIN", f":{channel}"]),
                                 what="alice joining")
            # Straight after the join, as a busy channel greets a newcomer: 3,000 lines.
            for n, speaker in enumerate(speakers):
                speaker.send_many([f"PRIVMSG {channel} :flood {attempt} {n * 300 + k}"
                                   for k in range(300)])
            wait_until(lambda: self.rows(
                app, "SELECT count(*) FROM messages WHERE body LIKE ?",
                f"flood {attempt} %") == [(3_000,)], timeout=30, what=f"{channel}'s flood stored")
            before = composer_pixels()
            app.type(f"drawn {attempt}")
            wait_until(lambda: composer.queryText().getText(0, -1) == f"drawn {attempt}",
                       what="the typed text in the composer")
            wait_until(lambda: composer_pixels() != before, timeout=5,
                       what=f"the window to draw what was typed after {channel}'s flood")
            app.key("ctrl+a")
            app.key("BackSpace")
        self.assertNotIn("layout continuously requested", app.output())


class IRCConnectionTest(IRCTestCase):
    def test_others_joining_leaving_and_setting_the_topic_are_plain_status_lines(self):
        server = self.server()
        # carol makes the channel, so she is its operator (topic and kick).
        carol = self.member(server, "carol")
        app = self.connect(server)
        self.wait_ready(app)
        bob = self.client(server, "bob")
        dave = self.client(server, "dave")
        bob.send("JOIN #natter")
        self.wait_shown(app, "bob joined")
        dave.send("JOIN #natter")
        self.wait_shown(app, "dave joined")
        bob.send("NICK robert")
        self.wait_shown(app, "bob is now known as robert")
        carol.send("TOPIC #natter :<i>plans</i> \x02for\x02 today")
        self.wait_shown(app, "carol changed the topic to: <i>plans</i> for today")
        carol.send("KICK #natter dave :<b>spam</b>")
        self.wait_shown(app, "carol removed dave (<b>spam</b>)")
        carol.send("PART #natter :see you")
        self.wait_shown(app, "carol left (see you)")
        bob.send("QUIT :off to lunch")
        self.wait_shown(app, "robert quit (off to lunch)")
        self.assertEqual(self.rows(app, "SELECT kind FROM messages WHERE body = 'bob joined'"),
                         [("status",)])

    def test_server_errors_are_status_lines_in_plain_words(self):
        server = self.server()
        bob = self.client(server, "bob")
        bob.send("JOIN #locked,#banned")
        bob.wait_for(lambda line: " 366 bob #banned" in line, what="bob in both channels")
        bob.send("MODE #locked +i")
        bob.send("MODE #banned +b alice!*@*")
        bob.wait_for(lambda line: "MODE #banned +b" in line, what="the ban")
        app = self.connect(server, channels=("#natter", "#locked", "#banned"))
        self.wait_ready(app)
        wait_until(lambda: any("#locked" in label and "invite" in label.lower()
                               for label in labels_under(app.messages)),
                   what="the invite-only status line")
        wait_until(lambda: any("#banned" in label and "banned" in label.lower()
                               for label in labels_under(app.messages)),
                   what="the banned status line")

    def test_a_refused_connection_says_so_and_the_window_keeps_working(self):
        server = self.server()
        server.stop()
        app = self.connect(server)
        self.wait_subtitle(app, lambda text: text == "Disconnected: The server refused the "
                                                     "connection", "the refusal")
        app.find("push button", "Reconnect")
        self.send(app, "typed while offline")
        self.wait_shown(app, "typed while offline")
        self.wait_subtitle(app, lambda text: "1 message waiting" in text, "one waiting")
        server.start()
        # The backoff brings it back without a click.
        self.wait_ready(app, timeout=30)
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "typed while offline") == [("sent",)],
                   what="the waiting message sent")

    def test_a_second_connect_goes_to_the_running_instance(self):
        server = self.server()
        app = self.start(env={"G_MESSAGES_DEBUG": "natter"})
        app.find("text", "Message")
        second = subprocess.run(
            [NATTER_BIN, "--data-dir", app.data_dir, "--connect",
             server.url("alice", ["#natter"])],
            capture_output=True, text=True, timeout=20,
            env=dict(os.environ, XDG_CONFIG_HOME=app.config_dir))
        self.assertEqual(second.returncode, 0, second.stderr)

        def connection_label():
            for frame in app.accessible_app:
                if frame is not None and frame.getRoleName() == "frame":
                    label = pyatspi.findDescendant(frame, lambda a: a.name == "Connection")
                    if label is not None:
                        app.window = frame
                        return label
            return None

        app.connection = wait_until(connection_label, what="the window on the new account")
        app.messages = app.find("list", "Messages")
        self.wait_ready(app)
        frames = [child for child in app.accessible_app if child.getRoleName() == "frame"]
        self.assertEqual(len(frames), 1)

    def test_the_network_preferences_connect_the_running_window(self):
        server = self.server()
        app = self.start(env={"G_MESSAGES_DEBUG": "natter"})
        app.find("text", "Message")
        self.focus_preferences_field(app, "Account")
        app.type(server.url("alice", ["#natter"]))
        app.key("Return")

        def connection_label():
            for frame in app.accessible_app:
                if frame is not None and frame.name == "Natter":
                    label = pyatspi.findDescendant(frame, lambda a: a.name == "Connection")
                    if label is not None and label.description:
                        app.window = frame
                        return label
            return None

        app.connection = wait_until(connection_label, what="the window on the account: "
                                    + app.output()[-1200:])
        self.wait_ready(app)
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn(f"url={server.url('alice', ['#natter'])}", settings.read())

    def test_a_malformed_url_exits_2_and_saves_nothing(self):
        config = self.enterContext(__import__("tempfile").TemporaryDirectory())
        for url, reason in [("ircs://alice@/#natter", "no server name"),
                            ("ircs://alice@127.0.0.1:99999/#natter", "65535"),
                            ("ircs://alice@127.0.0.1/natter", "not a channel name")]:
            result = subprocess.run(
                [NATTER_BIN, "--connect", url], capture_output=True, text=True, timeout=20,
                env=dict(os.environ, XDG_CONFIG_HOME=config))
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn(reason, result.stderr)
        self.assertEqual(os.listdir(config), [])

    def test_a_self_signed_certificate_is_refused_then_trusted_with_the_button(self):
        server = self.server(tls=True)
        app = self.connect(server, tls=True)
        self.wait_subtitle(app, lambda text: "certificate is not trusted" in text,
                           "the refused certificate")
        wait_until(lambda: any(server.fingerprint in label for label in
                               labels_under(app.window)), what="the fingerprint in the banner")
        press(app.find("push button", "Trust this certificate"))
        self.wait_ready(app)
        pin = f"pinned-certificates=127.0.0.1:{server.tls_port}={server.fingerprint}"
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn(pin, settings.read())

    def test_a_changed_certificate_is_refused_loudly_until_the_new_one_is_trusted(self):
        def spelled(fingerprint):
            return ":".join(fingerprint[i:i + 2] for i in range(0, 64, 2)).upper()

        server = self.server(tls=True)
        first = server.fingerprint
        app = self.connect(server, tls=True, extra=["--trust-certificate", first])
        self.wait_ready(app)
        settings_path = os.path.join(app.config_dir, "natter", "settings.ini")
        # The server comes back with another self-signed certificate.
        server.stop()
        server.new_certificate()
        second = server.fingerprint
        self.assertNotEqual(first, second)
        server.start()
        press(app.find("push button", "Reconnect"))
        self.wait_subtitle(app, lambda text: "certificate changed since you trusted it" in text,
                           "the changed certificate refused")

        def banner():
            return next((label for label in labels_under(app.window)
                         if label.startswith("Warning: the certificate of 127.0.0.1")), None)

        text = wait_until(banner, what="the warning banner")
        self.assertIn(spelled(first), text)
        self.assertIn(spelled(second), text)
        # Reconnecting on its own never accepts it.
        press(app.find("push button", "Reconnect"))
        self.wait_subtitle(app, lambda text: "certificate changed" in text, "refused again")
        with open(settings_path) as settings:
            self.assertNotIn(second, settings.read())
        press(app.find("push button", "Trust this certificate"))
        self.wait_ready(app)
        with open(settings_path) as settings:
            saved = settings.read()
        self.assertIn(f"pinned-certificates=127.0.0.1:{server.tls_port}={second}\n", saved)
        self.assertNotIn(first, saved)

    def test_trust_certificate_on_the_command_line_pins_it(self):
        server = self.server(tls=True)
        app = self.connect(server, tls=True, extra=["--trust-certificate", server.fingerprint])
        self.wait_ready(app)
        self.send(app, "over TLS")
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "over TLS") == [("sent",)], what="the message confirmed")


class IRCNotificationTest(IRCTestCase):
    def test_a_mention_or_private_message_notifies_only_while_the_window_is_inactive(self):
        import sys
        import select
        notifier = subprocess.Popen(
            [sys.executable, os.path.join(os.path.dirname(__file__), "fake_notifications.py")],
            stdout=subprocess.PIPE, text=True)
        self.addCleanup(notifier.kill)

        def next_line(what, timeout=10):
            ready, _, _ = select.select([notifier.stdout], [], [], timeout)
            if not ready:
                self.fail(f"timed out waiting for {what}: "
                          + (app.output()[-1500:] if app else ""))
            return notifier.stdout.readline().rstrip("\n")

        app = None
        self.addCleanup(notifier.stdout.close)
        self.assertEqual(next_line("the notification server"), "ready")
        server = self.server()
        app = self.connect(server)
        self.wait_ready(app)
        bob = self.member(server, "bob")
        # Active window: a mention is highlighted but not notified.
        wait_until(lambda: pyatspi.STATE_ACTIVE in app.window.getState().getStates(),
                   what="the window active")
        bob.send("PRIVMSG #natter :alice: while you look")
        self.wait_shown(app, "alice: while you look")
        # Focus elsewhere: the root window, with the pointer off Natter's window too (focus on
        # the root follows the pointer; Xvfb runs no window manager).
        root = subprocess.run(["xwininfo", "-root"], capture_output=True, text=True).stdout
        subprocess.run(["xdotool", "mousemove", "1200", "780"], check=True)
        subprocess.run(["xdotool", "windowfocus",
                        re.search(r"Window id: (0x[0-9a-f]+)", root).group(1)], check=True)
        # GTK takes the focus change in its own time: wait until the window says it is
        # inactive, or a message could arrive while it still counts as active.
        wait_until(lambda: pyatspi.STATE_ACTIVE not in app.window.getState().getStates(),
                   what="the window inactive")
        bob.send("PRIVMSG #natter :nothing for you here... alicetoo")
        bob.send("PRIVMSG #natter :ALICE, are you there?")
        self.assertEqual(next_line("the mention's notification"),
                         "bob mentioned you\tALICE, are you there?")
        # One at a time: two notifications 3 ms apart once reached the stand-in server as one
        # (left for a follow-up: whether GLib or the stand-in drops it).
        bob.send("PRIVMSG alice :a private word")
        self.assertEqual(next_line("the private message's notification"), "bob\ta private word")


class IRCSASLTest(IRCTestCase):
    """SASL against a scripted server (InspIRCd relays SASL only to linked services)."""

    def fake_server(self, *mode):
        return self.scripted_server("fake_sasl_server.py", *mode)

    def test_the_password_is_kept_in_the_secret_service_and_used_from_there(self):
        import base64
        import sys
        import tempfile
        home = self.enterContext(tempfile.TemporaryDirectory())
        port, log_file = self.fake_server("never-die")
        password = "kept-in-the-keyring"
        result = subprocess.run(
            ["dbus-run-session", "--", sys.executable,
             os.path.join(os.path.dirname(__file__), "keyring_session.py"), home, NATTER_BIN,
             f"irc://alice@127.0.0.1:{port}/#natter", password, log_file],
            capture_output=True, text=True, timeout=90)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr[-2000:])
        payload = base64.b64encode(f"alice\0alice\0{password}".encode()).decode()
        self.assertIn(f"stored:{password}", result.stdout)
        # The second start had no password in its environment: the keyring's signed it in.
        self.assertIn(f"|2 AUTHENTICATE {payload}", result.stdout, result.stdout)
        self.assertIn("log-has-password:False", result.stdout)

    def test_sasl_dying_midway_retries_and_never_logs_the_password(self):
        import base64
        import sys
        import tempfile
        work = self.enterContext(tempfile.TemporaryDirectory())
        port_file, log_file = os.path.join(work, "port"), os.path.join(work, "lines")
        fake = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__),
                                                              "fake_sasl_server.py"),
                                 port_file, log_file])
        self.addCleanup(fake.kill)
        def written_port():
            if not os.path.exists(port_file):
                return None
            with open(port_file) as f:
                return f.read()

        port = int(wait_until(written_port, what="the fake server's port"))
        password = "hunter2-very-secret"
        app = self.start(env={"G_MESSAGES_DEBUG": "natter", "NATTER_IRC_PASSWORD": password},
                         args=["--connect", f"irc://alice@127.0.0.1:{port}/#natter"])
        app.connection = app.find("label", "Connection")
        # The first attempt dies after the payload; the backoff brings a second that works.
        self.wait_subtitle(app, lambda text: text.startswith("Disconnected:"), "the drop")
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "ready",
                           timeout=30)
        with open(log_file) as f:
            lines = f.read()
        payload = base64.b64encode(f"alice\0alice\0{password}".encode()).decode()
        self.assertIn(f"1 AUTHENTICATE {payload}", lines)
        self.assertIn(f"2 AUTHENTICATE {payload}", lines)
        output = app.output()
        self.assertIn("AUTHENTICATE <hidden>", output)
        self.assertNotIn(password, output)
        self.assertNotIn(payload, output)
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertNotIn(password, settings.read())
