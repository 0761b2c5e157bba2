"""Conversations as a user meets them (SPEC §10, issue 17): the sidebar with Notes, two
channels and a private chat on a real InspIRCd, switching with the keyboard only, drafts kept
per conversation across a restart, unread counts and the `New messages` line, slash commands
and Tab completion of a nickname another client used."""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

import pyatspi

from natter_e2e import (NATTER_BIN, is_focused, on_screen, press_moving_focus, text_of,
                        wait_until)
from test_irc import IRCTestCase, labels_under


def sidebar_names(app):
    sidebar = app.find("list", "Conversations")
    try:
        return [item.name for item in pyatspi.findAllDescendants(
            sidebar, lambda a: a.getRoleName() == "list item")]
    except TypeError:  # a row went away while the tree was walked; the caller asks again
        return None


def sidebar_rows(app):
    """Each sidebar row's name and description, read afresh: AT-SPI caches what it read
    before, and GTK 4.8 does not always say when a description changed."""
    sidebar = app.find("list", "Conversations")
    sidebar.clear_cache()
    try:
        return [(a.name, a.description) for a in pyatspi.findAllDescendants(
            sidebar, lambda a: a.getRoleName() == "list item")]
    except TypeError:  # a row went away while the tree was walked; the caller asks again
        return []


def wait_row(app, name, description):
    seen = []

    def found():
        seen[:] = sidebar_rows(app)
        return (name, description) in seen
    try:
        wait_until(found, what=f"{name} described as {description!r} in the sidebar")
    except AssertionError as error:
        raise AssertionError(f"{error}; the sidebar reads {seen}") from None


def window_of(app):
    """The X window id of the app's window, for xdotool."""
    return subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
        check=True, capture_output=True, text=True).stdout.split()[-1]


def click(app, accessible):
    """A mouse click in the middle of `accessible` (GtkMenuButton offers no AT-SPI action in
    GTK 4.8)."""
    extents = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", "--window", window_of(app),
                    str(extents.x + extents.width // 2),
                    str(extents.y + extents.height // 2), "click", "1"], check=True)


def selected_row(app):
    """The sidebar row marked selected: the open conversation's."""
    sidebar = app.find("list", "Conversations")
    sidebar.clear_cache()
    for item in pyatspi.findAllDescendants(sidebar, lambda a: a.getRoleName() == "list item"):
        if pyatspi.STATE_SELECTED in item.getState().getStates():
            return item.name
    return None


def move_pointer_to(app, accessible):
    extents = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", "--window", window_of(app),
                    str(extents.x + extents.width // 2),
                    str(extents.y + extents.height // 2)], check=True)


def focused_within(accessible):
    return is_focused(accessible) or pyatspi.findDescendant(accessible, is_focused) is not None


def root_window():
    """The X root window's id: focused, no window of the app has the keyboard."""
    return subprocess.run(["xdotool", "search", "--maxdepth", "0", ""], check=True,
                          capture_output=True, text=True).stdout.split()[0]


def dialog_ids(title):
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                          capture_output=True, text=True).stdout.split()


def focus_dialog(title):
    """Gives a new dialog the keyboard focus, as a window manager would (Xvfb has none)."""
    window_id = wait_until(lambda: (dialog_ids(title) or [None])[-1], what=f"the {title!r} dialog")
    subprocess.run(["xdotool", "windowfocus", "--sync", window_id], check=True)


def shown_messages(app):
    """The labels of the transcript on screen (each conversation keeps its own)."""
    lists = [a for a in app.find_all("list", "Messages") if on_screen(a)]
    return labels_under(lists[0]) if len(lists) == 1 else []


class ConversationsTest(IRCTestCase):
    def wait_messages(self, app, text, timeout=10):
        wait_until(lambda: text in shown_messages(app), timeout=timeout,
                   what=f"{text!r} in the transcript on screen")

    def wait_sidebar(self, app, names, timeout=10):
        wait_until(lambda: sidebar_names(app) == names, timeout=timeout,
                   what=f"the sidebar to list {names}")

    def composer_text(self, app):
        return text_of(app.find("text", "Message"))

    def test_sidebar_switching_drafts_unread_and_restart(self):
        server = self.server()
        bob = self.member(server, "bob", channels=("#natter", "#gtk"))
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter"])

        # A private message adds its chat to the sidebar, with an unread count.
        bob.send("PRIVMSG alice :psst, alice")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])
        # Alt+5 opens the fifth row: the private chat, its message on screen.
        app.key("alt+5")
        self.wait_messages(app, "psst, alice")
        self.wait_subtitle(app, lambda text: text.startswith("bob on 127.0.0.1"),
                           "the chat with bob")

        # Tab completes the nickname of the person a private chat is with.
        app.type("bo")
        app.key("Tab")
        wait_until(lambda: self.composer_text(app) == "bob: ", what="bob completed")
        app.key("ctrl+a", "BackSpace")
        wait_until(lambda: self.composer_text(app) == "", what="the composer emptied")

        # A draft in each of three conversations.
        app.type("draft for bob")
        app.key("ctrl+Page_Up")  # the previous row: #natter
        wait_until(lambda: self.composer_text(app) == "", what="#natter's empty composer")
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "#natter")
        app.type("draft for natter")
        app.key("alt+3")  # #gtk
        wait_until(lambda: self.composer_text(app) == "", what="#gtk's empty composer")
        app.type("draft for gtk")
        app.key("ctrl+Page_Down")
        wait_until(lambda: self.composer_text(app) == "draft for natter",
                   what="#natter's draft back")

        # Messages to a conversation not on screen are counted, and marked on return.
        bob.send("PRIVMSG #gtk :first while away")
        bob.send("PRIVMSG #gtk :alice: second while away")
        wait_row(app, "#gtk", "2 unread, mentions you")
        app.key("alt+3")
        self.wait_messages(app, "alice: second while away")
        self.assertIn("New messages", shown_messages(app))
        labels = shown_messages(app)
        self.assertLess(labels.index("New messages"), labels.index("first while away"))
        wait_until(lambda: self.composer_text(app) == "draft for gtk", what="#gtk's draft")

        # Restart (SIGKILL: the drafts were saved on switching): every draft comes back.
        app.process.kill()
        app.process.wait()
        app2 = self.connect(server, channels=("#natter", "#gtk"), data_dir=app.data_dir)
        # It opens where it was left: #gtk, with its draft.
        self.wait_ready(app2, channel="#gtk")
        self.wait_sidebar(app2, ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])
        wait_until(lambda: self.composer_text(app2) == "draft for gtk",
                   what="#gtk's draft after the restart")
        app2.key("alt+5")
        wait_until(lambda: self.composer_text(app2) == "draft for bob", what="bob's draft")
        app2.key("alt+4")
        wait_until(lambda: self.composer_text(app2) == "draft for natter",
                   what="#natter's draft")
        app2.key("alt+1")
        wait_until(lambda: self.composer_text(app2) == "", what="Notes' empty draft")

    def test_quick_switcher_with_keys_only(self):
        server = self.server()
        app = self.connect(server, channels=("#natter", "#gtk", "#swift"))
        self.wait_ready(app)
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter", "#swift"])
        app.key("ctrl+k")
        entry = app.find("text", "Switch to")
        wait_until(lambda: is_focused(entry), what="the switcher's entry focused")
        app.type("swf")
        app.key("Return")
        self.wait_subtitle(app, lambda text: text == "#swift on 127.0.0.1", "#swift open")
        message = app.find("text", "Message")
        wait_until(lambda: is_focused(message), what="the composer focused again")
        # Escape closes it without switching, back in the composer.
        app.key("ctrl+k")
        wait_until(lambda: is_focused(app.find("text", "Switch to")), what="the entry again")
        app.type("gtk")
        app.key("Escape")
        wait_until(lambda: is_focused(message), what="the composer after Escape")
        self.assertEqual(self.subtitle(app), "#swift on 127.0.0.1")
        # Another window taking the keyboard (as Alt+Tab does) puts the card away, and the
        # focus back in the composer for the return.
        app.key("ctrl+k")
        wait_until(lambda: is_focused(app.find("text", "Switch to")), what="the entry")
        subprocess.run(["xdotool", "windowfocus", "--sync", root_window()], check=True)
        app.focus_window()
        wait_until(lambda: not any(on_screen(a) for a in app.find_all("text", "Switch to")),
                   what="the switcher put away, the window having lost the keyboard")
        app.type("back")
        wait_until(lambda: text_of(message) == "back", what="typing on return in the composer")
        app.key("ctrl+a", "BackSpace")
        # Down chooses the second match.
        app.key("ctrl+k")
        wait_until(lambda: is_focused(app.find("text", "Switch to")), what="the entry")
        app.type("t")  # #gtk, #natter, #swift: all have a t
        app.key("Down", "Return")
        wait_until(lambda: self.subtitle(app) != "#swift on 127.0.0.1", what="a switch")
        # A click elsewhere (here on a sidebar row, which opens it) puts the switcher away.
        app.key("ctrl+k")
        wait_until(lambda: is_focused(app.find("text", "Switch to")), what="the entry")
        sidebar = app.find("list", "Conversations")
        row = wait_until(lambda: pyatspi.findDescendant(
            sidebar, lambda a: a.getRoleName() == "list item" and a.name == "#swift"),
            what="#swift's row")
        extents = row.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        subprocess.run(["xdotool", "mousemove", "--window", window_of(app),
                        str(extents.x + extents.width // 2),
                        str(extents.y + extents.height // 2), "click", "1"], check=True)
        self.wait_subtitle(app, lambda text: text == "#swift on 127.0.0.1", "#swift clicked")
        wait_until(lambda: not any(on_screen(a) for a in app.find_all("text", "Switch to")),
                   what="the switcher put away")

    def test_slash_commands_and_notices(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        message = app.find("text", "Message")

        # An unknown command sends nothing and keeps the text, with a notice.
        self.send(app, "/frobnicate now")
        app.find("label", "/frobnicate is not a command. Type /help for the list, "
                          "or // to send a slash.")
        self.assertEqual(text_of(message), "/frobnicate now")
        app.key("ctrl+a", "BackSpace")

        # // sends a slash.
        self.send(app, "//slash at the start")
        bob.wait_for(lambda line: line.endswith("PRIVMSG #natter :/slash at the start"),
                     what="the literal slash")

        # /join opens the channel it joins; #channel stays text, not a chip.
        self.send(app, "/join #gtk")
        self.wait_subtitle(app, lambda text: text == "#gtk on 127.0.0.1", "#gtk joined")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter"])
        self.assertEqual(app.find_all("push button", "#gtk"), [])

        # /msg sends privately and the chat joins the sidebar.
        self.send(app, "/msg bob a private word")
        bob.wait_for(lambda line: line.endswith("PRIVMSG bob :a private word"),
                     what="the private message")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])

        # /quote writes a raw line; /nick renames us; /query opens a chat without a message.
        self.send(app, "/quote PRIVMSG bob :raw hello")
        bob.wait_for(lambda line: line.endswith("PRIVMSG bob :raw hello"), what="the raw line")
        self.send(app, "/nick alice2")
        bob.wait_for(lambda line: re.search(r":alice!\S+ NICK :?alice2$", line),
                     what="the nick change")
        self.send(app, "/query carol")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter", "bob", "carol"])
        self.wait_subtitle(app, lambda text: text.startswith("carol on 127.0.0.1"),
                           "the chat with carol")
        self.send(app, "/part")  # in a private chat: closes it
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])
        app.key("alt+3")
        self.wait_subtitle(app, lambda text: text == "#gtk on 127.0.0.1", "#gtk again")

        # /part leaves #gtk: the server hears it, the sidebar drops it.
        self.send(app, "/part enough")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#natter", "bob"])
        self.assertEqual(self.rows(
            app, "SELECT open FROM conversations WHERE url LIKE '%/#gtk'"), [(0,)])

        # In Notes the network commands say there is no network.
        app.key("alt+1")
        self.wait_subtitle(app, lambda text: text == "Connected to 127.0.0.1", "Notes open")
        self.send(app, "/join #x")
        app.find("label", "Notes is not on a network, so this command does nothing here.")
        self.assertEqual(text_of(message), "/join #x")
        # /help lists the commands under the text and sends nothing.
        app.key("ctrl+a", "BackSpace")
        self.send(app, "/help")
        wait_until(lambda: any(label.name.startswith("/join #channel [key] — join a channel")
                               for label in app.find_all("label")), what="/help's list")
        wait_until(lambda: text_of(message) == "", what="the composer cleared after /help")

    def test_tab_completes_a_nickname_another_client_used(self):
        server = self.server()
        bobby = self.member(server, "bobby")
        barbara = self.member(server, "barbara")
        app = self.connect(server)
        self.wait_ready(app)
        barbara.send("PRIVMSG #natter :hello there")
        self.wait_messages(app, "hello there")
        message = app.find("text", "Message")
        app.type("b")
        app.key("Tab")
        # The recent speaker first, with `: ` at the start of the text.
        wait_until(lambda: text_of(message) == "barbara: ", what="barbara completed")
        app.key("Tab")
        wait_until(lambda: text_of(message) == "bobby: ", what="Tab cycling to bobby")
        app.type("see #swift")
        app.key("Tab")
        # Tab after a hashtag still makes a chip.
        app.find("push button", "#swift")
        wait_until(lambda: text_of(message) == "bobby: see ", what="the hashtag as a chip")

    def test_topic_members_leaving_and_the_sidebar_toggle(self):
        server = self.server()
        bob = self.member(server, "bob")
        bob.send("TOPIC #natter :Swift over GTK")
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        topic = app.find("label", "Topic")
        wait_until(lambda: topic.description == "Swift over GTK", what="the topic in the header")

        click(app, app.find("push button", "Members"))
        member_list = app.find("list", "Members")
        # bob made #natter, so he is its operator: listed first, with his `@`.
        wait_until(lambda: labels_under(member_list) == ["@bob", "alice"],
                   what="alice and bob in the members popover")
        # The filter has the focus: typing filters, Enter opens a private chat with the match.
        member_filter = app.find("entry", "Filter members")
        wait_until(lambda: is_focused(member_filter), what="the member filter focused")
        app.type("bo")
        wait_until(lambda: labels_under(member_list) == ["@bob"], what="only bob left")
        app.key("Return")
        # MONITOR says whether bob is online.
        self.wait_subtitle(app, lambda text: text == "bob on 127.0.0.1 — bob is online",
                           "a private chat with bob")
        self.send(app, "hello from the member list")
        bob.wait_for(lambda line: "PRIVMSG bob :hello from the member list" in line,
                     what="the private message reaching bob")

        # Ctrl+Shift+W asks first; Escape keeps the channel, Enter leaves it.
        app.key("alt+3")  # #gtk
        self.wait_subtitle(app, lambda text: text == "#gtk on 127.0.0.1", "#gtk")
        app.key("ctrl+shift+w")
        focus_dialog("Leave #gtk?")
        app.key("Escape")
        wait_until(lambda: not dialog_ids("Leave #gtk?"), what="the question gone")
        self.assertEqual(sidebar_names(app), ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])
        # Ctrl+W closes the question, as Escape does, and nothing behind it.
        app.focus_window()
        app.key("ctrl+shift+w")
        focus_dialog("Leave #gtk?")
        app.key("ctrl+w")
        wait_until(lambda: not dialog_ids("Leave #gtk?"), what="the question closed by Ctrl+W")
        self.assertIsNone(app.process.poll(), "Ctrl+W closed the question, not the app")
        self.assertEqual(sidebar_names(app), ["Notes", "127.0.0.1", "#gtk", "#natter", "bob"])
        app.focus_window()
        app.key("ctrl+shift+w")
        focus_dialog("Leave #gtk?")
        app.key("Return")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#natter", "bob"])
        app.focus_window()  # no window manager gives it back when the dialog goes

        # The pointer over another row marks it (GTK 4.8's single-click list selects it); once
        # the pointer leaves the list, the mark is the open conversation's again.
        open_row = wait_until(lambda: selected_row(app), what="the open conversation marked")
        other = next(name for name in sidebar_names(app) if name != open_row)
        hovered = pyatspi.findDescendant(
            app.find("list", "Conversations"),
            lambda a: a.getRoleName() == "list item" and a.name == other)
        move_pointer_to(app, hovered)
        wait_until(lambda: selected_row(app) == other, what=f"the hovered {other} marked")
        move_pointer_to(app, app.find("text", "Message"))
        wait_until(lambda: selected_row(app) == open_row,
                   what=f"{open_row} marked again (the sidebar marks {selected_row(app)})")

        # F9 hides and shows the sidebar; a narrow window hides it by itself.
        def sidebar_shown():
            # A hidden widget leaves GTK 4.8's AT-SPI tree: look it up afresh each time.
            return any(on_screen(a) for a in app.find_all("list", "Conversations"))
        self.assertTrue(sidebar_shown())
        # F9 with the focus in the sidebar (Tab takes it there): typing goes on in the composer.
        sidebar = app.find("list", "Conversations")
        message = app.find("text", "Message")
        for _ in range(15):
            if focused_within(sidebar):
                break
            press_moving_focus(app, "Tab", app.window)
        self.assertTrue(focused_within(sidebar), "Tab reaches the sidebar")
        app.key("F9")
        wait_until(lambda: not sidebar_shown(), what="F9 hiding the sidebar")
        wait_until(lambda: is_focused(message), what="the composer focused once it hid")
        app.key("F9")
        wait_until(lambda: sidebar_shown(), what="F9 showing the sidebar")
        window_id = window_of(app)
        subprocess.run(["xdotool", "windowsize", "--sync", window_id, "500", "500"], check=True)
        wait_until(lambda: not sidebar_shown(), what="a 500 px window hiding the sidebar")
        subprocess.run(["xdotool", "windowsize", "--sync", window_id, "800", "500"], check=True)
        wait_until(lambda: sidebar_shown(), what="an 800 px window showing it again")

    def test_activating_a_notification_opens_its_conversation(self):
        server = self.server()
        bob = self.client(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        bob.send("PRIVMSG alice :are you there?")
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#natter", "bob"])
        [(url,)] = self.rows(app, "SELECT url FROM conversations WHERE name = 'bob'")
        # What the desktop does when the notification is clicked: its default action, with
        # the conversation as the target, through org.gtk.Actions.
        subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.natter.Natter",
             "--object-path", "/org/natter/Natter", "--method", "org.gtk.Actions.Activate",
             "present-conversation", f"[<'{url}'>]", "{}"],
            check=True, capture_output=True)
        self.wait_subtitle(app, lambda text: text.startswith("bob on 127.0.0.1"),
                           "the chat with bob")
        self.wait_messages(app, "are you there?")

    def test_a_conversation_of_a_million_messages_opens_like_an_empty_one(self):
        server = self.server()
        data_dir = tempfile.mkdtemp(prefix="natter-e2e-big-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        big = f"irc://127.0.0.1:{server.port}/#big"
        # One imported message makes the schema and the conversation; SQLite adds the rest
        # (an import of a million through the app takes over a minute in a debug build).
        seed = os.path.join(data_dir, "seed.jsonl")
        with open(seed, "w") as out:
            out.write('{"id":"seed","sender":"bob","sent_at":"2025-11-24T00:00:00Z",'
                      f'"body":"seed","tags":[],"edited":false,"conversation":"{big}"}}\n')
        subprocess.run([NATTER_BIN, "--data-dir", data_dir, "--import", seed], check=True,
                       capture_output=True)
        database = sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"))
        [(conversation_id,)] = database.execute(
            "SELECT id FROM conversations WHERE url = ?", (big,)).fetchall()
        start = 1_764_000_000_000
        database.executemany(
            "INSERT INTO messages (id, sender, sent_at, body, conversation_id) "
            "VALUES (?, 'bob', ?, ?, ?)",
            ((f"big-{i}", start + i * 1000, f"message {i}", conversation_id)
             for i in range(1, 1_000_000)))
        database.commit()
        database.close()

        app = self.connect(server, channels=("#natter", "#big", "#empty"), data_dir=data_dir)
        self.wait_ready(app)
        self.wait_sidebar(app, ["Notes", "127.0.0.1", "#big", "#empty", "#natter"])
        app.key("alt+4")  # #empty
        self.wait_subtitle(app, lambda text: text == "#empty on 127.0.0.1", "#empty")
        app.key("alt+3")  # #big: the newest message on screen at once
        self.wait_messages(app, "message 999999")

        def opened(name):
            times = re.findall(r"opened \S+/" + re.escape(name) + r" in ([0-9.]+) ms",
                               app.output())
            return float(times[-1]) if times else None
        empty, million = opened("#empty"), opened("#big")
        print(f"\nopened #empty in {empty} ms, #big (1,000,000 messages) in {million} ms",
              file=sys.stderr)
        # Opening reads a page, never the whole conversation: the same work for both.
        self.assertLess(million, max(4 * empty, empty + 60),
                        f"#big opened in {million} ms, #empty in {empty} ms")

    def test_each_conversation_keeps_its_scroll_position(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        bob.send_many([f"PRIVMSG #natter :line {n}" for n in range(80)])
        self.wait_messages(app, "line 79")

        def jump_shown():
            return any(on_screen(a) for a in app.find_all("push button", "Jump to latest"))
        app.key("Page_Up", "Page_Up", "Page_Up")
        wait_until(jump_shown, what="scrolled up, with Jump to latest")
        app.key("alt+3")  # #gtk: at its own end
        self.wait_subtitle(app, lambda text: text == "#gtk on 127.0.0.1", "#gtk")
        wait_until(lambda: not jump_shown(), what="#gtk without Jump to latest")
        app.key("alt+4")  # back to #natter, still scrolled up where it was left
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "#natter")
        # (A transcript made afresh would open at the newest message, without the button.)
        wait_until(jump_shown, what="#natter still scrolled up")

    def test_a_kept_unread_count_takes_in_what_the_server_played_back(self):
        """A count of 100 or more is kept by the start that counted it (issue 32); what the
        server plays back on the next join is added to it as it is stored."""
        def kept(data_dir):
            database = sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"))
            try:
                return database.execute(
                    "SELECT u.count, u.mentioned FROM unread_counts u "
                    "JOIN conversations c ON c.id = u.conversation_id "
                    "WHERE c.url LIKE '%/#gtk'").fetchall()
            finally:
                database.close()

        server = self.server()
        bob = self.member(server, "bob", channels=("#natter", "#gtk"))
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        for n in range(1, 121):
            bob.send(f"PRIVMSG #gtk :busy {n}")
        wait_row(app, "#gtk", "120 unread")
        app.key("ctrl+q")
        app.wait_exit(10)
        self.assertEqual(kept(app.data_dir), [], "counted as they came, not from the store")

        # This start counts the 120 in the store and keeps the count once its window is up.
        app2 = self.connect(server, channels=("#natter", "#gtk"), data_dir=app.data_dir)
        self.wait_ready(app2)
        wait_row(app2, "#gtk", "120 unread")
        app2.key("ctrl+q")
        app2.wait_exit(10)
        self.assertEqual(kept(app.data_dir), [(120, 0)])

        bob.send("PRIVMSG #gtk :alice: one while you were away")
        app3 = self.connect(server, channels=("#natter", "#gtk"), data_dir=app.data_dir)
        self.wait_ready(app3)
        wait_row(app3, "#gtk", "121 unread, mentions you")
        app3.key("ctrl+q")
        app3.wait_exit(10)
        self.assertEqual(kept(app.data_dir), [(121, 1)])

    def test_unread_counts_and_the_marker_survive_a_restart(self):
        server = self.server()
        bob = self.member(server, "bob", channels=("#natter", "#gtk"))
        bob.send("PRIVMSG #gtk :seen before the quit")
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        app.key("alt+3")
        self.wait_messages(app, "seen before the quit")
        app.key("alt+4")
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "#natter")
        app.key("ctrl+q")
        app.wait_exit(10)

        # While Natter is closed; the server plays #gtk's history back on the next join.
        bob.send("PRIVMSG #gtk :one while you were away")
        bob.send("PRIVMSG #gtk :alice: two while you were away")
        bob.send("PRIVMSG #natter :in the open one")
        app2 = self.connect(server, channels=("#natter", "#gtk"), data_dir=app.data_dir)
        self.wait_ready(app2)
        wait_row(app2, "#gtk", "2 unread, mentions you")
        app2.key("alt+3")
        self.wait_messages(app2, "alice: two while you were away")
        labels = shown_messages(app2)
        self.assertIn("New messages", labels)
        self.assertLess(labels.index("seen before the quit"), labels.index("New messages"))
        self.assertLess(labels.index("New messages"), labels.index("one while you were away"))
