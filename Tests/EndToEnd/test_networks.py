"""Several networks at once as a user meets them (SPEC §11, issue 27): two real InspIRCd
servers on loopback as two networks, Natter driven with the keyboard and read through AT-SPI,
and a real client on each network as the other people."""

import os
import re
import subprocess
import time

import pyatspi

from natter_e2e import NATTER_BIN, is_focused, on_screen, wait_until
from test_conversations import sidebar_names, sidebar_rows, shown_messages
from test_irc import IRCTestCase


class SwitcherMixin:
    def open_conversation(self, app, query, name):
        """Ctrl+K, the query, Enter: `name` is open."""
        app.key("ctrl+k")
        app.find("text", "Switch to")
        app.type(query)
        app.key("Return")
        wait_until(lambda: self.active_row(app) == name, what=f"{name} open "
                   f"(the sidebar reads {sidebar_rows(app)})")

    def active_row(self, app):
        sidebar = app.find("list", "Conversations")
        sidebar.clear_cache()
        for item in pyatspi.findAllDescendants(sidebar, lambda a: a.getRoleName() == "list item"):
            if pyatspi.STATE_SELECTED in item.getState().getStates():
                return item.name
        return None


class SeveralNetworksTest(SwitcherMixin, IRCTestCase):
    def second_launch(self, app, *arguments):
        """`natter ARGS` while the first runs: it saves, hands over and exits 0."""
        result = subprocess.run(
            [NATTER_BIN, "--data-dir", app.data_dir, *arguments], capture_output=True, text=True,
            timeout=30, env=dict(os.environ, XDG_CONFIG_HOME=app.config_dir))
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def test_two_networks_at_once_one_stopped_and_back_and_what_waited_arrives_once(self):
        alpha = self.server(name="alpha.test")
        beta = self.server(name="beta.test", sid="2BB")
        bob = self.member(alpha, "bob")
        carol = self.member(beta, "carol", channels=("#other",))
        app = self.connect(alpha)
        self.wait_ready(app)
        alpha_name = "127.0.0.1"
        beta_name = f"127.0.0.1:{beta.port}"

        # A second `--connect` adds a network beside the first rather than replacing it.
        self.second_launch(app, "--connect", beta.url("alice", ["#other"]))
        wait_until(lambda: sidebar_names(app) == [
            "Notes", alpha_name, "#natter", beta_name, "#other"],
            what="both networks in the sidebar", timeout=30)
        app.connection = app.find("label", "Connection")
        app.messages = app.find("list", "Messages")
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            text = settings.read()
        self.assertIn(f"url={alpha.url('alice', ['#natter'])}", text)
        self.assertIn(f"url={beta.url('alice', ['#other'])}", text)
        wait_until(lambda: [row[1] for row in sidebar_rows(app)
                            if row[0] in (alpha_name, beta_name)] == ["Connected", "Connected"],
            what=f"both networks connected", timeout=30)

        # Adding beta left alpha's connection alone: bob never saw alice quit.
        self.assertFalse([line for line in bob.lines if re.search(r":alice!\S+ QUIT", line)])

        # Each network's own row holds its server's words: the MOTD, never a private chat.
        self.open_conversation(app, alpha_name, alpha_name)
        wait_until(lambda: any("Natter test server" in label for label in shown_messages(app)),
                   what=f"the MOTD in {alpha_name}'s row")
        # Read again until AT-SPI gives a whole tree: rows may be replaced while it is walked.
        self.assertNotIn("alpha.test", wait_until(lambda: sidebar_names(app), what="the sidebar"))

        # The switcher matches the network before the name; each message goes to its own.
        self.open_conversation(app, "127 other", "#other")
        self.wait_subtitle(app, lambda s: s == f"#other on {beta_name}", "#other on beta")
        self.send(app, "hello beta")
        carol.wait_for(lambda line: "PRIVMSG #other :hello beta" in line, what="hello on beta")
        self.open_conversation(app, "natter", "#natter")
        self.send(app, "hello alpha")
        bob.wait_for(lambda line: "PRIVMSG #natter :hello alpha" in line, what="hello on alpha")
        self.assertFalse(any("hello alpha" in line for line in carol.privmsgs("#other")))

        # Beta goes away: its row says so, alpha carries on both ways.
        beta.stop()
        wait_until(lambda: any(row[0] == beta_name and "Disconnected" in row[1]
                               for row in sidebar_rows(app)),
                   what=f"beta shown disconnected")
        bob.send("PRIVMSG #natter :alpha still here")
        self.wait_shown(app, "alpha still here")
        self.send(app, "alpha answers")
        bob.wait_for(lambda line: "PRIVMSG #natter :alpha answers" in line, what="alpha answers")
        self.wait_ready(app)

        # Typed to beta while it is away: they wait, counted on its row.
        self.open_conversation(app, "other", "#other")
        self.send(app, "waited one")
        self.send(app, "waited two")
        wait_until(lambda: any(row[0] == beta_name and "2 messages waiting" in row[1]
                               for row in sidebar_rows(app)),
                   what=f"two messages waiting on beta")

        # Beta is back: each arrives exactly once and in order; alpha never saw them.
        beta.start()
        carol = self.member(beta, "carol", channels=("#other",))
        carol.wait_for(lambda line: "PRIVMSG #other :waited two" in line, timeout=40,
                       what="the waiting messages on beta")
        # A copy would go out before anything typed after it: wait for that instead of a time.
        self.send(app, "typed after the wait")
        carol.wait_for(lambda line: "PRIVMSG #other :typed after the wait" in line,
                       what="the message typed after")
        said = [text for text in carol.privmsgs("#other") if text.startswith("waited")]
        self.assertEqual(said, ["waited one", "waited two"])
        self.assertFalse(any("waited" in line for line in bob.privmsgs("#natter")))
        self.wait_subtitle(app, lambda s: s == f"#other on {beta_name}", "#other on beta again",
                           timeout=40)
        pending = self.rows(app, "SELECT count(*) FROM messages WHERE delivery = 'pending'")
        self.assertEqual(pending, [(0,)])

    def test_disconnect_turns_one_network_off_and_its_conversations_stay(self):
        alpha = self.server(name="alpha.test")
        beta = self.server(name="beta.test", sid="2BB")
        app = self.connect(alpha)
        self.wait_ready(app)
        self.second_launch(app, "--connect", beta.url("alice", ["#other"]))
        beta_name = f"127.0.0.1:{beta.port}"
        wait_until(lambda: beta_name in (sidebar_names(app) or []), what="beta listed", timeout=30)
        beta_client = self.client(beta, "watcher")
        beta_client.send("JOIN #other")
        beta_client.wait_for(lambda line: re.search(r":alice!\S+ JOIN :?#other", line) or
                             " 353 " in line and "alice" in line, what="alice on beta")

        self.second_launch(app, "--disconnect", f"127.0.0.1:{beta.port}")
        beta_client.wait_for(lambda line: re.search(r":alice!\S+ QUIT", line),
                             what="alice quitting beta")
        wait_until(lambda: any(row == (beta_name, "Off") for row in sidebar_rows(app)),
                   what=f"beta shown off", timeout=30)
        self.assertIn("#other", wait_until(lambda: sidebar_names(app), what="the sidebar"))
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn("enabled=false", settings.read())

    def test_retry_on_a_network_turned_off_says_why(self):
        # A refused message keeps its Retry when its network is turned off; pressed then, it
        # did nothing at all. The composer now says why, and the message stays as it was.
        server, bob, app = self.in_a_moderated_channel()
        self.send(app, "held back")
        wait_until(lambda: self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                     "held back") == [("failed",)], what="the message refused")
        self.second_launch(app, "--disconnect", f"127.0.0.1:{server.port}")
        wait_until(lambda: any(state == "Off" for _, state in sidebar_rows(app)),
                   what="the network shown off", timeout=30)
        app.focus_window()
        app.key("alt+Up")
        app.key("Return")

        def notice():
            return pyatspi.findDescendant(
                app.window, lambda a: a.getRoleName() == "label"
                and "is off; turn it on in Preferences to send" in (a.name or ""))

        wait_until(notice, what="the composer saying why Retry cannot send")
        self.assertEqual(self.rows(app, "SELECT delivery FROM messages WHERE body = ?",
                                   "held back"), [("failed",)])
        self.assertFalse(any(line.endswith(":held back") for line in bob.lines))


class FirstRunTest(IRCTestCase):
    def test_an_empty_natter_offers_a_network_and_ctrl_n_connects_to_one_by_keys(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.start(env={"G_MESSAGES_DEBUG": "natter"})
        # Nothing to reach anyone with yet: the window says how, with the way to do it.
        offer = app.find("push button", "Connect to a Network…")
        self.assertTrue(on_screen(offer), "the offer is on screen")
        app.key("ctrl+n")

        def dialog():
            for frame in app.accessible_app:
                if frame is not None and frame.name == "Connect to a network":
                    return frame
            return None
        frame = wait_until(dialog, what="the Connect to a network dialog")
        search = pyatspi.findDescendant(frame, lambda a: a.name == "Search networks"
                                        and a.getRoleName() == "text")
        wait_until(lambda: pyatspi.STATE_FOCUSED in search.getState().getStates(),
                   what="the search focused")
        known = pyatspi.findDescendant(frame, lambda a: a.name == "Known networks")
        names = wait_until(lambda: [a.name for a in pyatspi.findAllDescendants(
            known, lambda a: a.getRoleName() == "list item")], what="the known networks")
        self.assertEqual(names[:2], ["Libera.Chat", "OFTC"])
        self.assertEqual(names[-1], "Custom server")

        # Nothing known matches: Custom server; Enter asks for the server, then the rest.
        app.type("my own server")
        wait_until(lambda: [a.name for a in pyatspi.findAllDescendants(
            known, lambda a: a.getRoleName() == "list item")] == ["Custom server"],
            what="only Custom server left")
        app.key("Return")
        server_field = pyatspi.findDescendant(frame, lambda a: a.name == "Server"
                                              and a.getRoleName() == "text")
        wait_until(lambda: pyatspi.STATE_FOCUSED in server_field.getState().getStates(),
                   what="the Server field focused after Enter")
        app.type(f"irc://127.0.0.1:{server.port}")
        app.key("Tab", "Tab")
        nickname = pyatspi.findDescendant(frame, lambda a: a.name == "Nickname"
                                          and a.getRoleName() == "text")
        wait_until(lambda: pyatspi.STATE_FOCUSED in nickname.getState().getStates(),
                   what="the Nickname field")
        app.key("ctrl+a")
        app.type("alice")
        app.key("Tab")
        app.type("#natter")
        app.key("Return")

        bob.wait_for(lambda line: re.search(r":alice!\S+ JOIN :?#natter", line),
                     what="alice joining from the dialog", timeout=20)
        app.connection = app.find("label", "Connection")
        self.wait_ready(app)
        wait_until(lambda: sidebar_names(app) == ["Notes", "127.0.0.1", "#natter"],
                   what=f"the new network in the sidebar")
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn(f"url=irc://alice@127.0.0.1:{server.port}/#natter", settings.read())


class HistoryOnDemandTest(IRCTestCase):
    """`draft/chathistory` against a scripted server (no Debian daemon offers it)."""

    def history_server(self, **kwargs):
        from history_server import HistoryServer
        server = HistoryServer(**kwargs)
        self.addCleanup(server.close)
        return server

    def stored(self, app):
        return self.rows(app, "SELECT body FROM messages WHERE msgid IS NOT NULL "
                              "ORDER BY sent_at, id")

    def test_scrolling_to_the_top_fetches_older_pages_once_each_and_a_reconnect_catches_up(self):
        server = self.history_server(count=300, delay=1.5)
        app = self.connect(server, channels=("#hist",))
        self.wait_subtitle(app, lambda text: text == "#hist on 127.0.0.1", "#hist", timeout=20)
        # Joining asks for the latest page: the newest hundred, stored once each.
        wait_until(lambda: len(self.stored(app)) == 100,
                   what=f"the latest page ({len(self.stored(app))} stored)")
        self.assertEqual(server.requests(), ["CHATHISTORY LATEST #hist * 100"])
        self.wait_shown(app, "history 299")

        # At the top (Page Up from the composer), the page before is asked for and shows
        # that it is loading.
        app.key(*["Page_Up"] * 8)
        wait_until(lambda: any(on_screen(label) for label in app.find_all(
            "label", "Loading older messages…")),
            what="`Loading older messages…` on screen", timeout=8)
        # Holding Page Up at the top asks for nothing more while a page is on its way: each
        # request starts before the oldest message then stored, never twice from one place.
        for _ in range(3):
            app.key(*["Page_Up"] * 10)
        wait_until(lambda: len(self.stored(app)) >= 150, what="the page before")
        before = [line for line in server.requests() if " BEFORE " in line]
        self.assertEqual(len(before), len(set(before)), f"a request repeated: {before}")
        # Each time at the top, one page more, until the server has nothing older.
        for _ in range(12):
            count = len(self.stored(app))
            if count == 300:
                break
            # Page Up until the top is reached and the page has come.
            wait_until(lambda: len(self.stored(app)) > count or app.key(*["Page_Up"] * 4),
                       timeout=15, what=f"a page more than {count} ({server.requests()})")
        self.assertEqual([body for (body,) in self.stored(app)],
                         [f"history {n}" for n in range(300)])
        self.wait_shown(app, "history 0")
        # At the very top the server says there is nothing older, once; then nothing is asked.
        wait_until(lambda: len([r for r in server.requests() if " BEFORE " in r]) == 5 or
                   app.key(*["Page_Up"] * 4), timeout=10, what="the empty page")
        wait_until(lambda: not any(on_screen(label) for label in app.find_all(
            "label", "Loading older messages…")), what="the loading row gone")
        app.key(*["Page_Up"] * 8)
        # A request those keys made would reach the server before a message typed after them.
        self.send(app, "/quote PING after-the-top")
        wait_until(lambda: any("after-the-top" in line for line in server.received),
                   what="the line written after the keys")
        before = [line for line in server.requests() if " BEFORE " in line]
        # Four pages of 50 before the latest hundred, and one that found nothing older.
        self.assertEqual(len(before), 5, f"requests: {before}")
        self.assertEqual(len(before), len(set(before)), f"a request repeated: {before}")

        # Dropped and back: what was said meanwhile comes once, after what was stored.
        server.drop()
        server.add("said while you were away")
        self.wait_subtitle(app, lambda text: text == "#hist on 127.0.0.1", "#hist again",
                           timeout=30)
        wait_until(lambda: self.stored(app)[-1:] == [("said while you were away",)],
                   what=f"the catch-up ({self.stored(app)[-3:]})")
        latest = [line for line in server.requests() if " LATEST " in line]
        self.assertRegex(latest[-1], r"^CHATHISTORY LATEST #hist timestamp=\S+Z 100$")
        self.assertEqual(len(self.stored(app)), 301)


class SearchEverywhereTest(IRCTestCase):
    def search(self, app, text):
        """Ctrl+F, the search entry focused, `text` typed."""
        app.key("ctrl+f")
        search = app.find("entry", "Search messages")
        wait_until(lambda: is_focused(search), what="the search entry focused")
        app.type(text)

    def search_everywhere(self, app):
        """Tab to `Every conversation` and Space: results from every conversation."""
        app.key("Tab")
        everywhere = app.find("check box", "Search every conversation")
        wait_until(lambda: is_focused(everywhere), what="the Every conversation switch focused")
        app.key("space")

    def test_a_search_covers_one_conversation_or_every_one_by_keys(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server, env={"NATTER_USER_NAME": "alice"})
        self.wait_ready(app)
        app.key("alt+1")  # Notes
        self.wait_subtitle(app, lambda text: text == "Connected to 127.0.0.1", "Notes")
        self.send(app, "zebra in my notes")
        wait_until(lambda: "zebra in my notes" in shown_messages(app), what="the note")
        app.key("alt+3")  # #natter
        self.wait_ready(app)
        bob.send("PRIVMSG #natter :a zebra in the channel")
        self.wait_shown(app, "a zebra in the channel")
        self.search(app, "zebra")
        wait_until(lambda: "zebra in my notes" not in shown_messages(app)
                   and "a zebra in the channel" in shown_messages(app),
                   what=f"this conversation's result only")
        # Tab to `Every conversation`, Space turns it on: Notes' note too, each saying where.
        self.search_everywhere(app)
        wait_until(lambda: "zebra in my notes" in shown_messages(app),
                   what=f"results from every conversation")
        labels = wait_until(lambda: "alice in Notes" in shown_messages(app) and shown_messages(app),
                            what=f"each result saying where it is")
        self.assertIn("alice in Notes", labels)
        self.assertIn("bob in #natter on 127.0.0.1", labels)

    def test_enter_on_a_result_opens_its_conversation_at_that_message(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server, env={"NATTER_USER_NAME": "alice"})
        self.wait_ready(app)
        app.key("alt+3")  # #natter
        self.wait_ready(app)
        # The needle, then so much hay after it that the list, which keeps rows only near what
        # it shows, has none for the needle while at the newest line.
        bob.send("PRIVMSG #natter :the needle in the haystack")
        bob.send_many([f"PRIVMSG #natter :hay {n}" for n in range(500)])
        # Stored first (the burst's own figures are natter-bench's), then at the newest line.
        wait_until(lambda: self.rows(app, "SELECT count(*) FROM messages WHERE body = 'hay 499'")
                   == [(1,)], timeout=60, what="the last hay stored")
        app.key("ctrl+End")
        # (Read from the list on screen: the one found at the start may be another's.)
        wait_until(lambda: "hay 499" in shown_messages(app), timeout=30, what="the last hay")
        wait_until(lambda: "the needle in the haystack" not in shown_messages(app),
                   what="#natter at its newest line, the needle far out of view")
        app.key("alt+1")  # Notes
        self.wait_subtitle(app, lambda text: text == "Connected to 127.0.0.1", "Notes")
        self.search(app, "needle")
        self.search_everywhere(app)
        wait_until(lambda: "the needle in the haystack" in shown_messages(app),
                   what="the result from #natter while in Notes")

        # Tab into the results, Enter: #natter opens at the needle, far above its newest line.
        # (Tab passes the search bar's close button on the way.)
        app.key("Tab", "Tab")
        app.key("Return")
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "#natter opened")
        wait_until(lambda: "the needle in the haystack" in shown_messages(app)
                   and "hay 499" not in shown_messages(app),
                   what="#natter shown around the needle, far from its newest line")
        wait_until(lambda: any(on_screen(a)
                               for a in app.find_all("push button", "Jump to latest")),
                   what="Jump to latest offered below the found message")
        wait_until(lambda: not any(on_screen(a) for a in app.find_all("entry", "Search messages")),
                   what="the search closed")
        # The composer has the focus again: typing replies in #natter.
        self.send(app, "found it")
        bob.wait_for(lambda line: "PRIVMSG #natter :found it" in line, what="the reply in #natter")


class BouncerNetworksTest(SwitcherMixin, IRCTestCase):
    """soju's `soju.im/bouncer-networks` against a scripted bouncer (soju is not in Debian 12
    and ZNC has no such extension): its networks appear by themselves, each on its own
    bound connection, and follow what the bouncer says of them."""

    def test_a_bouncers_networks_appear_connect_bound_and_follow_its_changes(self):
        from bouncer_networks_server import BouncerNetworksServer
        server = BouncerNetworksServer({"1": ("Libera", "#libera"), "2": ("OFTC", "#oftc")})
        self.addCleanup(server.close)
        app = self.connect(server, channels=())
        wait_until(lambda: sidebar_names(app) == [
            "Notes", "127.0.0.1", "Libera", "#libera", "OFTC", "#oftc"],
            what="the bouncer's networks in the sidebar",
            timeout=30)
        # One connection bound to each, besides the bouncer's own, which asked for the list.
        wait_until(lambda: server.bound_ids() == ["1", "2"], what="a connection bound to each")
        self.assertIn("BOUNCER LISTNETWORKS", server.lines(None))
        self.assertNotIn("BOUNCER LISTNETWORKS", server.lines("1"))
        wait_until(lambda: [row[1] for row in sidebar_rows(app)
                            if row[0] in ("Libera", "OFTC")] == ["Connected", "Connected"],
                   what="both bound networks connected", timeout=20)
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn("bouncer-network=1", settings.read())

        # What is said on one network shows there, and a reply goes out on that one only.
        self.open_conversation(app, "#libera", "#libera")
        self.wait_subtitle(app, lambda s: s == "#libera on Libera", "#libera on Libera")
        server.say("1", "bob", "hello from libera")
        wait_until(lambda: "hello from libera" in shown_messages(app), what="bob's line in #libera")
        self.send(app, "hi libera")
        wait_until(lambda: any(line.endswith("PRIVMSG #libera :hi libera")
                               for line in server.lines("1")),
                   what="the reply on Libera's connection")
        self.assertFalse([line for line in server.lines("2") + server.lines(None)
                          if "hi libera" in line], "the reply went elsewhere too")

        # A network added at the bouncer appears and connects; one deleted goes.
        server.notify("3", "name=Rizon;state=connected")
        wait_until(lambda: "Rizon" in (sidebar_names(app) or []), what="Rizon in the sidebar",
                   timeout=20)
        wait_until(lambda: server.bound_ids() == ["1", "2", "3"], what="Rizon bound",
                   timeout=20)
        server.notify("2", "*")
        wait_until(lambda: "OFTC" not in (sidebar_names(app) or []),
                   what="OFTC gone from the sidebar", timeout=20)
        wait_until(lambda: server.bound_ids() == ["1", "3"], what="OFTC's connection closed",
                   timeout=20)
