"""Conversations as a user meets them (SPEC §10, issue 17): the sidebar with Notes, two
channels and a private chat on a real InspIRCd, switching with the keyboard only, drafts kept
per conversation across a restart, unread counts and the `New messages` line, slash commands
and Tab completion of a nickname another client used."""

import pyatspi

from natter_e2e import is_focused, on_screen, text_of, wait_until
from test_irc import IRCTestCase, labels_under


def sidebar_names(app):
    sidebar = app.find("list", "Conversations")
    return [item.name for item in pyatspi.findAllDescendants(
        sidebar, lambda a: a.getRoleName() == "list item")]


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
                   what=f"the sidebar to list {names} (it lists {sidebar_names(app)})")

    def composer_text(self, app):
        return text_of(app.find("text", "Message"))

    def test_sidebar_switching_drafts_unread_and_restart(self):
        server = self.server()
        bob = self.client(server, "bob")
        bob.send("JOIN #natter")
        bob.send("JOIN #gtk")
        bob.wait_for(lambda line: " 366 " in line and "#gtk" in line, what="bob in #gtk")
        app = self.connect(server, channels=("#natter", "#gtk"))
        self.wait_ready(app)
        self.wait_sidebar(app, ["Notes", "#gtk", "#natter"])

        # A private message adds its chat to the sidebar, with an unread count.
        bob.send("PRIVMSG alice :psst, alice")
        self.wait_sidebar(app, ["Notes", "#gtk", "#natter", "bob"])
        # Alt+4 opens the fourth row: the private chat, its message on screen.
        app.key("alt+4")
        self.wait_messages(app, "psst, alice")
        self.wait_subtitle(app, lambda text: text == "bob on 127.0.0.1", "the chat with bob")

        # A draft in each of three conversations.
        app.type("draft for bob")
        app.key("ctrl+Page_Up")  # the previous row: #natter
        wait_until(lambda: self.composer_text(app) == "", what="#natter's empty composer")
        self.wait_subtitle(app, lambda text: text == "#natter on 127.0.0.1", "#natter")
        app.type("draft for natter")
        app.key("alt+2")  # #gtk
        wait_until(lambda: self.composer_text(app) == "", what="#gtk's empty composer")
        app.type("draft for gtk")
        app.key("ctrl+Page_Down")
        wait_until(lambda: self.composer_text(app) == "draft for natter",
                   what="#natter's draft back")

        # Messages to a conversation not on screen are counted, and marked on return.
        bob.send("PRIVMSG #gtk :first while away")
        bob.send("PRIVMSG #gtk :alice: second while away")
        sidebar = app.find("list", "Conversations")
        gtk_row = wait_until(lambda: pyatspi.findDescendant(
            sidebar, lambda a: a.getRoleName() == "list item" and a.name == "#gtk"
            and a.description.startswith("2 unread")), what="#gtk with 2 unread")
        self.assertEqual(gtk_row.description, "2 unread, mentions you")
        app.key("alt+2")
        self.wait_messages(app, "alice: second while away")
        self.assertIn("New messages", shown_messages(app))
        labels = shown_messages(app)
        self.assertLess(labels.index("New messages"), labels.index("first while away"))
        wait_until(lambda: self.composer_text(app) == "draft for gtk", what="#gtk's draft")

        # Restart (SIGKILL: the drafts were saved on switching): every draft comes back.
        app.process.kill()
        app.process.wait()
        app2 = self.connect(server, channels=("#natter", "#gtk"), data_dir=app.data_dir)
        self.wait_ready(app2)
        self.wait_sidebar(app2, ["Notes", "#gtk", "#natter", "bob"])
        wait_until(lambda: self.composer_text(app2) == "draft for natter",
                   what="#natter's draft after the restart")
        app2.key("alt+4")
        wait_until(lambda: self.composer_text(app2) == "draft for bob", what="bob's draft")
        app2.key("alt+2")
        wait_until(lambda: self.composer_text(app2) == "draft for gtk", what="#gtk's draft")
        app2.key("alt+1")
        wait_until(lambda: self.composer_text(app2) == "", what="Notes' empty draft")
