"""Typing, replies, reactions and multi-line messages (SPEC §13, issue 29), from the keyboard
only, read through AT-SPI: against a real InspIRCd with `ircv3_ctctags` (a raw IRCv3 client,
bob, on the other side, and carol, a client without `message-tags`, showing what a plain
client sees), and `draft/multiline` against a scripted server, since no Debian daemon offers
it."""

import os
import re
import shutil

import pyatspi

from natter_e2e import focus_key, is_focused, text_of, wait_until
from test_conversations import focus_dialog, shown_messages
from test_irc import IRCTestCase

IRCV3 = ("message-tags", "server-time", "echo-message")


def msgid_of(line):
    match = re.search(r"(?:^@|;)msgid=([^; ]+)", line)
    assert match, f"no msgid in {line!r}"
    return match.group(1)


def tags_of(line):
    if not line.startswith("@"):
        return {}
    tags = {}
    for item in line[1:].split(" ", 1)[0].split(";"):
        key, _, value = item.partition("=")
        tags[key] = value
    return tags


def focused_name(app):
    focused = pyatspi.findDescendant(app.window, is_focused, True)
    return focused.name if focused is not None else None


def named(app, role, name):
    """Every `role` under the window whose accessible name is `name`, read now."""
    app.window.clear_cache()
    return pyatspi.findAllDescendants(
        app.window, lambda a: a.getRoleName() == role and a.name == name)


def typing_line(app):
    """The text of the `Typing` line while it is on screen, else None."""
    for label in named(app, "label", "Typing"):
        if pyatspi.STATE_VISIBLE in label.getState().getStates():
            return label.description or text_of(label)
    return None


def reaction_chips(app):
    """The chips of every `Reactions` row, as their accessible names."""
    app.window.clear_cache()
    chips = []
    for row in pyatspi.findAllDescendants(app.window, lambda a: a.name == "Reactions"):
        chips += [chip.name for chip in pyatspi.findAllDescendants(
            row, lambda a: a.getRoleName() in ("push button", "toggle button"))]
    return chips


class RepliesReactionsTypingTest(IRCTestCase):
    def test_typing_reply_react_and_cancel_from_the_keyboard(self):
        server = self.server()
        bob = self.member(server, "bob", caps=IRCV3)
        carol = self.member(server, "carol", caps=())
        app = self.connect(server)
        self.wait_ready(app)

        mark = len(bob.lines)
        bob.send("PRIVMSG #natter :shall we ship on friday?")
        parent = msgid_of(bob.wait_for(lambda line: "PRIVMSG #natter :shall we ship" in line,
                                       since=mark, what="bob's echo with its msgid"))
        self.wait_shown(app, "shall we ship on friday?")

        # Typing: Natter says so while alice types, and is done when she clears the text.
        mark = len(bob.lines)
        app.type("hel")
        bob.wait_for(lambda line: ":alice!" in line and "+typing=active" in line
                     and re.search(r"TAGMSG :?#natter", line), since=mark, what="alice typing")
        app.key("ctrl+a", "BackSpace")
        bob.wait_for(lambda line: ":alice!" in line and "+typing=done" in line,
                     since=mark, what="alice done typing")
        # bob types: the line above the composer names him, and his message ends it.
        bob.send("@+typing=active TAGMSG #natter")
        wait_until(lambda: typing_line(app) == "bob is typing…", what="bob is typing…")
        bob.send("PRIVMSG #natter :or monday")
        wait_until(lambda: typing_line(app) is None, what="the typing line gone")

        # Alt+Up selects the newest message, Up the one before; R replies to it.
        app.key("alt+Up")
        wait_until(lambda: "or monday" in (focused_name(app) or ""), what="the newest selected")
        app.key("Up")
        wait_until(lambda: "shall we ship" in (focused_name(app) or ""), what="bob's selected")
        app.key("r")
        bar = app.find("panel", "Replying to")
        wait_until(lambda: "bob: shall we ship on friday?" in (bar.description or ""),
                   what="the reply bar naming bob's message")
        mark, plain = len(bob.lines), len(carol.lines)
        self.send(app, "friday it is")
        reply = bob.wait_for(lambda line: "PRIVMSG #natter :bob: friday it is" in line,
                             since=mark, what="the reply at bob")
        self.assertEqual(tags_of(reply).get("+draft/reply"), parent, reply)
        # A client without message-tags sees the plain text, and no typing at all.
        carol.wait_for(lambda line: "PRIVMSG #natter :bob: friday it is" in line,
                       since=plain, what="the reply at carol")
        self.assertFalse(any("TAGMSG" in line for line in carol.lines), carol.lines)
        self.assertTrue(named(app, "panel", "Replying to") == []
                        or not any(pyatspi.STATE_VISIBLE in bar.getState().getStates()
                                   for bar in named(app, "panel", "Replying to")),
                        "the reply bar is gone after sending")
        wait_until(lambda: any("bob: shall we ship on friday?" in label
                               for label in shown_messages(app)),
                   what="the sent reply quoting its parent")

        # E on bob's message: the first quick reaction goes out as a TAGMSG.
        app.key("alt+Up")
        wait_until(lambda: "friday it is" in (focused_name(app) or ""), what="the reply selected")
        app.key("Up", "Up")
        wait_until(lambda: "shall we ship" in (focused_name(app) or ""), what="bob's again")
        mark = len(bob.lines)
        app.key("e")
        app.find("push button", "React with 👍")
        app.key("Return")
        react = bob.wait_for(lambda line: ":alice!" in line and re.search(r"TAGMSG :?#natter", line)
                             and "+draft/react" in line, since=mark, what="alice's reaction")
        self.assertEqual(tags_of(react).get("+draft/reply"), parent, react)
        self.assertEqual(tags_of(react).get("+draft/react"), "👍", react)
        wait_until(lambda: "👍 1" in reaction_chips(app), what="alice's 👍 under bob's message")
        bob.send(f"@+draft/reply={parent};+draft/react=👍 TAGMSG #natter")
        bob.send(f"@+draft/reply={parent};+draft/react=🎉 TAGMSG #natter")
        wait_until(lambda: {"👍 2", "🎉 1"} <= set(reaction_chips(app)),
                   what="bob's reactions counted with alice's")
        # Stored, once each, for the next start.
        self.assertEqual(
            sorted(self.rows(app, "SELECT sender, emoji FROM reactions WHERE msgid = ?", parent)),
            [("alice", "👍"), ("bob", "🎉"), ("bob", "👍")])

        # R then Escape cancels the reply; the draft typed meanwhile stays and goes out plain.
        app.key("Escape")
        wait_until(lambda: focused_name(app) == "Message", what="back in the composer")
        app.key("alt+Up")
        wait_until(lambda: focused_name(app) not in (None, "Message"), what="a message selected")
        app.key("r")
        app.find("panel", "Replying to")
        app.type("no reply after all")
        app.key("Escape")
        wait_until(lambda: not any(pyatspi.STATE_VISIBLE in bar.getState().getStates()
                                   for bar in named(app, "panel", "Replying to")),
                   what="the reply bar cancelled")
        mark = len(bob.lines)
        app.key("Return")
        line = bob.wait_for(lambda line: "PRIVMSG #natter :no reply after all" in line,
                            since=mark, what="the plain message")
        self.assertNotIn("+draft/reply", line)

        # bob answers alice's reply: Natter quotes it above his words.
        alice_reply = msgid_of(bob.wait_for(
            lambda line: "PRIVMSG #natter :bob: friday it is" in line, what="alice's reply"))
        bob.send(f"@+draft/reply={alice_reply} PRIVMSG #natter :alice: great")
        wait_until(lambda: any("↳ alice: friday it is" in label
                               for label in shown_messages(app)),
                   what="bob's reply quoting alice's")
        # Enter on a reply without a link shows the message it answers.
        app.key("alt+Up")
        wait_until(lambda: "alice: great" in (focused_name(app) or ""), what="bob's reply selected")
        app.key("Return")
        wait_until(lambda: (focused_name(app) or "").startswith("alice: friday it is"),
                   what="the parent selected")

        # E and the 👍 already given take alice's own reaction back.
        app.key("Up")
        wait_until(lambda: "or monday" in (focused_name(app) or ""), what="bob's second")
        app.key("Up")
        wait_until(lambda: "shall we ship" in (focused_name(app) or ""), what="bob's first")
        mark = len(bob.lines)
        app.key("e")
        app.find("push button", "React with 👍")
        app.key("Return")
        unreact = bob.wait_for(lambda line: ":alice!" in line and "+draft/unreact" in line,
                               since=mark, what="alice's reaction taken back")
        self.assertEqual(tags_of(unreact).get("+draft/reply"), parent, unreact)
        wait_until(lambda: {"👍 1", "🎉 1"} <= set(reaction_chips(app))
                   and "👍 2" not in reaction_chips(app), what="alice's 👍 gone from the count")
        # carol, without message-tags, saw none of the reactions nor the typing: once bob's
        # next line reaches her, every TAGMSG before it would have too.
        plain = len(carol.lines)
        bob.send("PRIVMSG #natter :that is all")
        carol.wait_for(lambda line: "PRIVMSG #natter :that is all" in line, since=plain,
                       what="bob's line at carol")
        self.assertFalse(any("TAGMSG" in line or "+draft/" in line for line in carol.lines),
                         carol.lines)

        # The reactions come back with their message after a restart.
        data_dir = app.data_dir
        app.owns_data_dir = False
        self.addCleanup(lambda: shutil.rmtree(data_dir, ignore_errors=True))
        app.close()
        restarted = self.connect(server, data_dir=data_dir)
        self.wait_ready(restarted)
        self.wait_shown(restarted, "shall we ship on friday?")
        wait_until(lambda: {"👍 1", "🎉 1"} <= set(reaction_chips(restarted))
                   and "👍 2" not in reaction_chips(restarted),
                   what="bob's reactions under his message after the restart")

    def test_a_paste_of_many_lines_asks_before_it_floods_the_channel(self):
        server = self.server()
        bob = self.member(server, "bob", caps=IRCV3)
        app = self.connect(server)
        self.wait_ready(app)
        lines = [f"line {n}" for n in range(1, 8)]
        for index, line in enumerate(lines):
            app.type(line)
            if index < len(lines) - 1:
                app.key("shift+Return")
        mark = len(bob.lines)
        app.key("Return")
        # Asked first; Cancel (Escape) keeps the draft and sends nothing.
        focus_dialog("Send 7 lines to #natter?")
        app.key("Escape")
        composer = app.find("text", "Message")
        wait_until(lambda: text_of(composer) == "\n".join(lines), what="the draft kept")
        bob.drain(0.3)
        self.assertFalse(any("PRIVMSG #natter :line" in line for line in bob.lines[mark:]))
        # Asked again, Enter sends them: without draft/multiline, seven paced PRIVMSGs.
        app.key("Return")
        focus_dialog("Send 7 lines to #natter?")
        app.key("Return")
        def seen():
            bob.read(0.05)
            return bob.privmsgs("#natter")[-7:]
        wait_until(lambda: seen() == lines, what=f"the seven lines at bob")


class MultilineTest(IRCTestCase):
    def test_one_batch_each_way_where_the_server_offers_multiline(self):
        port, wire = self.scripted_server("multiline_server.py")
        app = self.start(env={"G_MESSAGES_DEBUG": "natter"},
                         args=["--connect", f"irc://alice@127.0.0.1:{port}/#natter"])
        app.connection = app.find("label", "Connection")
        app.messages = app.find("list", "Messages")
        self.wait_ready(app)
        app.type("first line")
        app.key("shift+Return")
        app.type("second line")
        app.key("Return")

        def written():
            with open(wire) as f:
                return f.read().splitlines()

        def batch_sent():
            lines = written()
            opened = [i for i, line in enumerate(lines) if re.search(
                r"BATCH \+\S+ draft/multiline #natter$", line)]
            if not opened:
                return None
            reference = lines[opened[0]].split("BATCH +", 1)[1].split(" ", 1)[0]
            inside = [line for line in lines if f"batch={reference}" in line]
            closed = any(line.endswith(f"BATCH -{reference}") for line in lines)
            return inside if closed else None

        inside = wait_until(batch_sent, what="the message sent as one multiline batch")
        self.assertEqual([line.split(" :", 1)[1] for line in inside],
                         ["first line", "second line"], inside)
        wait_until(lambda: "first line\nsecond line" in shown_messages(app),
                   what="the echoed batch shown as one message, confirmed")
        # bob's batch arrives as one message with its line break.
        with open(wire + ".cue-new", "w") as f:
            f.write("#natter\nroses are red\nviolets are blue")
        os.rename(wire + ".cue-new", wire + ".cue")
        wait_until(lambda: "roses are red\nviolets are blue" in shown_messages(app),
                   what="bob's batch as one message")
