"""Spelling in the composer (SPEC §14) with Debian's Hunspell English dictionary: a misspelt
word typed through xdotool, the context menu opened from the keyboard, its first suggestion
taken, and the message sent with the word corrected."""

import os
import shutil
import sqlite3

import pyatspi

from natter_e2e import NatterTestCase, text_of, wait_until
from test_irc import IRCTestCase


def stored_bodies(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"), timeout=2) as db:
        return [row[0] for row in db.execute("SELECT body FROM messages ORDER BY rowid")]


class SpellingTest(NatterTestCase):
    def suggestion(self, app, word, timeout=2.0):
        """The context menu's item for `word`, or None."""
        try:
            return app.find("menu item", word, timeout=timeout)
        except AssertionError:
            return None

    def test_the_first_suggestion_from_the_keyboard_menu_replaces_the_word(self):
        app = self.start(env={"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
        message = app.find("text", "Message")
        app.type("hello wrold")
        wait_until(lambda: text_of(message) == "hello wrold", what="the typed text")
        # The word is underlined on idle, a moment after it is typed; until then the menu has
        # no suggestions of ours. Shift+F10 opens it for the word at the caret.
        found = None
        for _ in range(10):
            app.key("shift+F10")
            found = self.suggestion(app, "world")
            if found:
                break
            app.key("Escape")
        self.assertIsNotNone(found, "the menu suggests world for wrold")
        found.queryAction().doAction(0)
        wait_until(lambda: text_of(message) == "hello world", what="the word replaced")
        # The menu closes and gives the focus back to the text, where Enter sends.
        wait_until(lambda: pyatspi.STATE_FOCUSED in message.getState().getStates(),
                   what="the composer focused again")
        app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir) == ["hello world"],
                   what="the corrected message stored")


def underlined(text):
    """The words of the accessible `text` drawn with the misspelling underline."""
    reader = text.queryText()
    words, offset = [], 0
    while offset < reader.characterCount:
        attributes, start, end = reader.getAttributeRun(offset, False)
        if "underline:error" in attributes:
            words.append(reader.getText(start, end))
        offset = max(end, offset + 1)
    return words


class ConversationLanguageTest(IRCTestCase):
    def choose_from_menu(self, app, message, item):
        """Opens the composer's menu with Shift+F10 and activates its `item`."""
        app.key("shift+F10")
        app.find("menu item", "Spelling languages").queryAction().doAction(0)
        app.find("menu item", item).queryAction().doAction(0)
        # A check item leaves the menu open: Escape goes back a page, then closes it.
        for _ in range(3):
            app.key("Escape")
            try:
                wait_until(lambda: pyatspi.STATE_FOCUSED in message.getState().getStates(),
                           timeout=2, what="the composer focused again")
                return
            except AssertionError:
                pass
        self.fail("Escape did not give the focus back to the composer")

    def test_a_channel_keeps_its_own_language_and_notes_the_preferences(self):
        server = self.server()
        english = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
        app = self.connect(server, env=english)
        self.wait_ready(app)
        message = app.find("text", "Message")
        app.type("heute wrold")
        wait_until(lambda: underlined(message) == ["heute", "wrold"],
                   what="both words marked in English")
        self.choose_from_menu(app, message, "German (Germany)")
        wait_until(lambda: underlined(message) == ["wrold"], what="heute right in German")
        with open(os.path.join(app.data_dir, "spelling", "languages")) as f:
            self.assertRegex(f.read(), r"^en_US,de_DE\t\S+#natter\n$")

        # Notes has not chosen: English only, as Preferences says.
        app.key("ctrl+a", "BackSpace", "alt+1")
        wait_until(lambda: text_of(message) == "", what="Notes' empty composer")
        app.type("heute wrold")
        wait_until(lambda: underlined(message) == ["heute", "wrold"], what="English in Notes")

        # Back in #natter after a restart, German still checks it.
        app.key("ctrl+a", "BackSpace", "alt+3")
        self.wait_ready(app)
        wait_until(lambda: underlined(message) == [], what="#natter's empty composer")
        data_dir = app.data_dir
        app.owns_data_dir = False
        self.addCleanup(lambda: shutil.rmtree(data_dir, ignore_errors=True))
        app.close()
        restarted = self.connect(server, data_dir=data_dir, env=english)
        self.wait_ready(restarted)
        message = restarted.find("text", "Message")
        restarted.type("heute wrold")
        wait_until(lambda: underlined(message) == ["wrold"], what="German kept for #natter")
        # `Same as Preferences` gives the channel back to English.
        self.choose_from_menu(restarted, message, "Same as Preferences")
        wait_until(lambda: underlined(message) == ["heute", "wrold"], what="English again")
