"""Emoji in the composer (SPEC §14): `:thu` typed through xdotool offers 👍 from GTK's own
emoji data in a list named `Emoji`, Tab inserts it and Enter sends it; Escape dismisses the
list without touching the text; Ctrl+. opens GTK's own chooser, which inserts at the caret."""

import os
import sqlite3

import pyatspi

from natter_e2e import NatterTestCase, is_focused, text_of, wait_until


def stored_bodies(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"), timeout=2) as db:
        return [row[0] for row in db.execute("SELECT body FROM messages ORDER BY rowid")]


class EmojiTest(NatterTestCase):
    def start_english(self):
        app = self.start(env={"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
        return app, app.find("text", "Message")

    def test_colon_thu_tab_inserts_thumbs_up_and_enter_sends_it(self):
        app, message = self.start_english()
        app.type("nice :thu")
        wait_until(lambda: text_of(message) == "nice :thu", what="the typed text")
        app.find("list item", "👍 thumbs up", timeout=10)
        app.key("Tab")
        wait_until(lambda: text_of(message) == "nice 👍", what="👍 in place of :thu")
        app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir) == ["nice 👍"], what="nice 👍 sent")

    def test_escape_dismisses_and_the_text_stays(self):
        app, message = self.start_english()
        app.type(":thu")
        app.find("list item", "👍 thumbs up", timeout=10)
        app.key("Escape")
        app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir) == [":thu"],
                   what=":thu sent as typed once the list was dismissed")

    def focused(self, app):
        for frame in app.accessible_app:
            if frame is not None:
                found = pyatspi.findDescendant(frame, is_focused, True)
                if found is not None:
                    return found
        return None

    def focused_role(self, app):
        found = self.focused(app)
        return found.getRoleName() if found is not None else None

    def emoji_shown(self, app):
        """How many emoji the chooser lists now (its search hides the others)."""
        count = 0
        for frame in app.accessible_app:
            if frame is not None:
                frame.clear_cache()
                count += len(pyatspi.findAllDescendants(
                    frame, lambda a: a.getRoleName() == "table cell"
                    and pyatspi.STATE_VISIBLE in a.getState().getStates()))
        return count

    def test_ctrl_period_opens_gtks_chooser_which_inserts_at_the_caret(self):
        app, message = self.start_english()
        app.type("ship it now")
        wait_until(lambda: text_of(message) == "ship it now", what="the typed text")
        app.key("Left", "Left", "Left")
        app.key("ctrl+period")
        wait_until(lambda: self.focused_role(app) == "entry", what="the chooser's search")
        every = wait_until(lambda: self.emoji_shown(app), what="the chooser's emoji")
        app.type("thumbs")
        # The search applies after GtkSearchEntry's delay; then Down leaves the search for the first emoji it found; Enter inserts it.
        wait_until(lambda: 0 < self.emoji_shown(app) < every, what="the search applied")
        app.key("Down")
        wait_until(lambda: self.focused_role(app) == "table cell", what="the first emoji")
        app.key("Return")
        wait_until(lambda: text_of(message).replace("\ufe0f", "") == "ship it 👍now",
                   what="👍 inserted where the caret was")
        wait_until(lambda: pyatspi.STATE_FOCUSED in message.getState().getStates(),
                   what="the composer focused again")
        app.key("Return")
        wait_until(lambda: [body.replace("\ufe0f", "") for body in stored_bodies(app.data_dir)]
                   == ["ship it 👍now"], what="the message sent with the emoji")

    def test_escape_closes_the_chooser_and_the_text_stays(self):
        app, message = self.start_english()
        app.type("as typed")
        wait_until(lambda: text_of(message) == "as typed", what="the typed text")
        app.key("ctrl+period")
        wait_until(lambda: self.focused_role(app) == "entry", what="the chooser's search")
        app.key("Escape")
        wait_until(lambda: pyatspi.STATE_FOCUSED in message.getState().getStates(),
                   what="the composer focused again")
        self.assertEqual(text_of(message), "as typed")
