"""Emoji in the composer (SPEC §14): `:thu` typed through xdotool offers 👍 from GTK's own
emoji data in a list named `Emoji`, Tab inserts it and Enter sends it; Escape dismisses the
list without touching the text."""

import os
import sqlite3

from natter_e2e import NatterTestCase, text_of, wait_until


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
