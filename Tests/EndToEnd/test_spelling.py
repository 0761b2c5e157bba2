"""Spelling in the composer (SPEC §14) with Debian's Hunspell English dictionary: a misspelt
word typed through xdotool, the context menu opened from the keyboard, its first suggestion
taken, and the message sent with the word corrected."""

import os
import sqlite3

import pyatspi

from natter_e2e import NatterTestCase, text_of, wait_until


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
