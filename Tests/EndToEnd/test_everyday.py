"""Everyday IRC (SPEC §12, issue 28) against a real InspIRCd, driven by keys and read
through AT-SPI, with a raw-socket client (bob) on the other side: `/whois` as one block, CTCP
answered, replies no part of Natter handles shown in the network's row, and an operator's
commands reaching the channel."""

import os
import re
import subprocess

import pyatspi

from natter_e2e import is_focused, press_moving_focus, wait_until
from test_conversations import click, dialog_ids, focus_dialog, shown_messages, window_of
from test_irc import IRCTestCase
from test_networks import SwitcherMixin


def open_member_list(app):
    """Opens the header's `Members` popover; returns a reader of its rows, each label's text
    to its description (`Away`, `Signed in as bobby`)."""
    click(app, app.find("push button", "Members"))
    member_list = app.find("list", "Members")

    def rows():
        member_list.clear_cache()
        return {label.name: label.description for label in pyatspi.findAllDescendants(
            member_list, lambda a: a.getRoleName() == "label")}
    return rows


class EverydayTest(SwitcherMixin, IRCTestCase):
    def test_whois_ctcp_replies_and_operator_commands(self):
        server = self.server()
        # bob makes #natter, so he is its operator; carol is there too.
        bob = self.member(server, "bob")
        carol = self.member(server, "carol")
        app = self.connect(server)
        self.wait_ready(app)

        # A notice says it is one, as irssi and weechat mark theirs.
        bob.send("NOTICE #natter :the build is green")
        wait_until(lambda: "bob (notice)" in shown_messages(app)
                   and "the build is green" in shown_messages(app), what="bob's notice marked")

        # /whois shows who carol is in one block, in the conversation on screen.
        self.send(app, "/whois carol")
        wait_until(lambda: any(label.startswith("carol is carol (")
                               and "Channels: #natter" in label and "Server: " in label
                               for label in shown_messages(app)),
                   what="carol's WHOIS block in #natter")

        # bob asks for the VERSION: the answer comes back as a NOTICE naming Natter.
        bob.send("PRIVMSG alice :\x01VERSION\x01")
        bob.wait_for(lambda line: "NOTICE bob :\x01VERSION Natter" in line,
                     what="Natter's VERSION answer")

        # A reply nothing in Natter answers shows in the network's own row, not lost.
        self.send(app, "/quote VERSION")
        self.open_conversation(app, "127", "127.0.0.1")
        wait_until(lambda: any("InspIRCd" in label for label in shown_messages(app)),
                   what="the 351 VERSION reply in the network's row")
        self.assertTrue(any("asked for your CTCP VERSION" in label
                            for label in shown_messages(app)), "the CTCP request noted there")

        # bob gives alice operator status; she voices carol with /voice.
        bob.send("MODE #natter +o alice")
        self.open_conversation(app, "#natter", "#natter")
        carol.wait_for(lambda line: "MODE #natter +o" in line and line.endswith("alice"),
                       what="alice opped")
        self.send(app, "/voice carol")
        carol.wait_for(lambda line: ":alice!" in line and "MODE #natter +v" in line
                       and line.endswith("carol"), what="alice's /voice reaching the channel")
        # Mode changes are status lines in words.
        wait_until(lambda: {"bob made alice an operator", "alice gave voice to carol"}
                   <= set(shown_messages(app)), what="the mode changes said in words")
        self.send(app, "/kick carol out you go")
        carol.wait_for(lambda line: ":alice!" in line and "KICK #natter carol :out you go" in line,
                       what="alice's /kick with its reason")


class MemberStateTest(SwitcherMixin, IRCTestCase):
    def test_away_bots_and_invitations_as_the_server_says(self):
        server = self.server()
        bob = self.member(server, "bob")
        # A bot (InspIRCd's botmode, user mode +B), in the channel before alice comes.
        robo = self.client(server, "robo")
        robo.send("MODE robo +B")
        robo.send("JOIN #natter")
        robo.wait_for(lambda line: " 366 " in line, what="robo in #natter")
        app = self.connect(server)
        self.wait_ready(app)

        # away-notify: bob goes away while alice is there.
        bob.send("AWAY :at lunch")
        rows = open_member_list(app)
        # WHOX at the join told that robo is a bot; bob is dimmed and described as away.
        wait_until(lambda: rows().get("@bob") == "Away" and "robo (bot)" in rows(),
                   what="bob away and robo a bot in the member list")
        bob.send("AWAY")
        wait_until(lambda: rows().get("@bob") == "", what="bob back")
        # Escape in the filter puts the popover away, taking the focus out of it (the filter
        # took Escape for itself before, and kept the focus).
        filter_entry = app.find("entry", "Filter members")
        wait_until(lambda: is_focused(filter_entry), what="the filter focused")
        app.key("Escape")
        wait_until(lambda: not is_focused(filter_entry),
                   what="the focus out of the filter once Escape put the popover away")

        # An invitation says where to go.
        bob.send("JOIN #secret")
        bob.wait_for(lambda line: " 366 " in line and "#secret" in line, what="bob in #secret")
        bob.send("INVITE alice #secret")
        wait_until(lambda: any("bob invites you to #secret" in label
                               for label in shown_messages(app)),
                   what="the invitation in view")


def in_frame(app, title, role, name):
    """The widget `role` `name` in the app's window titled `title` (not the main window)."""
    def search():
        for frame in app.accessible_app:
            if frame is not None and frame.name == title:
                return pyatspi.findDescendant(
                    frame, lambda a: a.getRoleName() == role and a.name == name)
        return None
    return wait_until(search, what=f"{role} {name!r} in {title!r}")


def composer_text(app):
    composer = app.find("text", "Message")
    text = composer.queryText()
    return text.getText(0, text.characterCount)


class ChannelsAndPeopleTest(SwitcherMixin, IRCTestCase):
    def test_channel_browser_ignore_monitor_away_completion_quit_and_real_name(self):
        server = self.server()
        bob = self.member(server, "bob")
        carol = self.member(server, "carol")
        # Thirty channels with topics, each held by one person, beside #natter's three.
        lister = self.client(server, "lister")
        lister.send_many([f"JOIN #chan{n}" for n in range(30)]
                         + [f"TOPIC #chan{n} :topic number {n}" for n in range(30)])
        lister.wait_for(lambda line: " TOPIC #chan29 " in line, what="the thirty channels")
        app = self.connect(server)
        self.wait_ready(app)

        # Tab completes a command's name at the start of the text.
        app.type("/wh")
        app.key("Tab")
        wait_until(lambda: composer_text(app) == "/whois ",
                   what=f"/wh completed (the composer holds {composer_text(app)!r})")
        app.key("ctrl+a", "BackSpace")

        # /list opens the browser; typing filters; Enter joins the one match.
        self.send(app, "/list")
        focus_dialog("^Channels on 127.0.0.1$")
        count = in_frame(app, "Channels on 127.0.0.1", "label", "Channel count")
        wait_until(lambda: count.description == "31 channels",
                   what=f"the whole list counted (it says {count.description!r})")
        channels = in_frame(app, "Channels on 127.0.0.1", "list", "Channels")
        first_row = [label.name for label in pyatspi.findAllDescendants(
            channels, lambda a: a.getRoleName() == "label")][:3]
        self.assertEqual(first_row[0], "#natter", f"most users first: {first_row}")
        app.type("number 17")
        wait_until(lambda: count.description == "1 channel of 31",
                   what=f"the filter applied (it says {count.description!r})")
        app.key("Return")
        lister.wait_for(lambda line: re.search(r":alice!\S+ JOIN :?#chan17", line),
                        what="alice joining #chan17 from the browser")
        wait_until(lambda: self.active_row(app) == "#chan17", what="#chan17 open")
        subprocess.run(["xdotool", "windowfocus", "--sync", window_of(app)], check=True)
        self.open_conversation(app, "#natter", "#natter")

        # Escape closes the browser, even from the filter that has the focus, each time it is
        # opened; so does Ctrl+W, the app's Close window.
        for key in ["Escape", "Escape", "ctrl+w"]:
            self.send(app, "/list")
            focus_dialog("^Channels on 127.0.0.1$")
            app.type("chan")
            app.key(key)
            wait_until(lambda: not dialog_ids("^Channels on 127.0.0.1$"),
                       what=f"the channel browser closed by {key}")
            self.assertIsNone(app.process.poll(), f"{key} closed the browser, not Natter")
            subprocess.run(["xdotool", "windowfocus", "--sync", window_of(app)], check=True)

        # /ignore: bob's lines are dropped, carol's still come; it is kept in settings.ini.
        self.send(app, "/ignore bob")
        bob.send("PRIVMSG #natter :you cannot see me")
        carol.send("PRIVMSG #natter :but you see me")
        wait_until(lambda: "but you see me" in shown_messages(app), what="carol's line")
        self.assertNotIn("you cannot see me", shown_messages(app))
        settings = os.path.join(app.config_dir, "natter", "settings.ini")
        wait_until(lambda: "ignore=bob!*@*" in open(settings).read(),
                   what="the ignore list in settings.ini")
        self.send(app, "/unignore bob")
        bob.send("PRIVMSG #natter :back in view")
        wait_until(lambda: "back in view" in shown_messages(app), what="bob shown again")

        # MONITOR: a private chat says whether dave is online, and says so when he comes.
        self.send(app, "/query dave")
        self.wait_subtitle(app, lambda text: text == "dave on 127.0.0.1 — dave is offline",
                           "dave offline")
        dave = self.client(server, "dave")
        self.wait_subtitle(app, lambda text: text == "dave on 127.0.0.1 — dave is online",
                           "dave online")
        wait_until(lambda: "dave is online" in shown_messages(app),
                   what="the presence change in the private chat")
        dave.close()

        # Our own away state is in the header until we are back.
        self.send(app, "/away at lunch")
        self.wait_subtitle(app, lambda text: text.endswith(" · You are away: at lunch"), "away")
        self.send(app, "/away")
        self.wait_subtitle(app, lambda text: "away" not in text, "back")

        # The real name from Preferences goes out with the next connection.
        entry = self.focus_preferences_field(app, "Real name")
        app.type("Alice Liddell")
        wait_until(lambda: "real-name=Alice Liddell" in open(settings).read(),
                   what="the real name saved")
        app.key("Escape")
        subprocess.run(["xdotool", "windowfocus", "--sync", window_of(app)], check=True)
        del entry

        # /quit leaves the network with its reason, and it stays off until Reconnect.
        self.send(app, "/quit see you")
        bob.wait_for(lambda line: re.search(r":alice!\S+ QUIT :.*see you", line),
                     what="alice's QUIT with its reason")
        self.wait_subtitle(app, lambda text: text == "Disconnected: You left the network",
                           "left")
        # By keys: the button hides as the connection starts, and the focus goes on in the
        # composer.
        reconnect = app.find("push button", "Reconnect")
        for _ in range(15):
            if is_focused(reconnect):
                break
            press_moving_focus(app, "Tab", app.window)
        self.assertTrue(is_focused(reconnect), "Tab reaches Reconnect")
        app.key("Return")
        self.wait_subtitle(app, lambda text: text.startswith("dave on 127.0.0.1"), "back on")
        wait_until(lambda: is_focused(app.find("text", "Message")),
                   what="the composer focused after Reconnect")
        since = len(bob.lines)
        bob.send("WHOIS alice")
        bob.wait_for(lambda line: " 311 bob alice " in line and line.endswith(":Alice Liddell"),
                     since=since, what="alice's real name in WHOIS")
