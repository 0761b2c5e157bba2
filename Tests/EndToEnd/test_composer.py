"""The composer used with the keyboard only, read back through AT-SPI."""

import os
import signal
import sqlite3

from natter_e2e import (NatterApp, NatterTestCase, is_focused, is_sensitive, text_of,
                        wait_until)


def saved_draft(data_dir):
    """The draft text in the app's database, read as another process would."""
    with sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"), timeout=2) as db:
        row = db.execute("SELECT text FROM conversation_drafts WHERE conversation = 'notes'").fetchone()
    return row[0] if row else None


class ComposerTest(NatterTestCase):
    def test_send_follows_the_text(self):
        app = self.start()
        send = app.find("push button", "Send")
        self.assertFalse(is_sensitive(send), "Send is disabled while empty")
        message = app.find("text", "Message")
        app.type("   ")
        wait_until(lambda: text_of(message) == "   ", what="the spaces in the composer")
        self.assertFalse(is_sensitive(send), "whitespace alone cannot be sent")
        app.type("hi")
        wait_until(lambda: is_sensitive(send), what="Send enabled after typing")
        app.key("ctrl+a", "BackSpace")
        wait_until(lambda: not is_sensitive(send), what="Send disabled once empty again")

    def test_hashtag_and_space_becomes_a_chip_and_leaves_the_text(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("hello #swift ")
        app.find("push button", "#swift")
        app.find("push button", "Remove #swift")
        wait_until(lambda: text_of(message) == "hello ", what="the tag to leave the text")

    def test_c_sharp_makes_no_chip(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("C# rocks ")
        wait_until(lambda: text_of(message) == "C# rocks ", what="the text typed")
        self.assertEqual(app.find_all("push button", "#"), [])
        self.assertEqual([b for b in app.find_all("push button") if b.name.startswith("Remove #")],
                         [])

    def test_backspace_at_the_start_removes_the_last_chip(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("#one #two ")
        app.find("push button", "#two")
        app.key("ctrl+Home", "BackSpace")
        wait_until(lambda: not app.find_all("push button", "#two"), what="#two removed")
        self.assertTrue(app.find_all("push button", "#one"))
        self.assertEqual(text_of(message), "")

    def test_enter_sends_and_empties_the_composer_shift_enter_makes_a_line(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("first line")
        app.key("shift+Return")
        app.type("second line #news")
        wait_until(lambda: text_of(message) == "first line\nsecond line #news",
                   what="two lines in the composer")
        app.key("Return")
        wait_until(lambda: text_of(message) == "", what="the composer to empty")
        self.assertFalse(is_sensitive(app.find("push button", "Send")))
        self.assertTrue(is_focused(message), "focus stays in the composer after sending")
        wait_until(lambda: app.find_all("label", "first line\nsecond line")
                   or any("second line" in (l.name or "") for l in app.find_all("label")),
                   what="the sent message in the transcript")

    def test_ctrl_t_adds_a_tag_and_escape_cancels_back_to_the_text(self):
        app = self.start()
        message = app.find("text", "Message")
        app.key("ctrl+t")
        entry = app.find("text", "New tag")
        wait_until(lambda: is_focused(entry), what="the tag entry to take focus")
        app.type("release")
        app.key("Return")
        app.find("push button", "#release")
        wait_until(lambda: is_focused(message), what="focus back in the text after adding")
        app.key("ctrl+t")
        wait_until(lambda: is_focused(app.find("text", "New tag")), what="the entry again")
        app.type("nope")
        app.key("Escape")
        wait_until(lambda: is_focused(message), what="focus back in the text after Escape")
        self.assertEqual(app.find_all("push button", "#nope"), [])

    def test_chip_row_keyboard_navigation_and_removal(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("#alpha #beta #gamma ")
        app.find("push button", "#gamma")
        app.key("alt+Down")
        wait_until(lambda: is_focused(app.find("push button", "#gamma")),
                   what="the newest chip focused")
        app.key("Left")
        wait_until(lambda: is_focused(app.find("push button", "#beta")), what="#beta focused")
        app.key("Delete")
        wait_until(lambda: not app.find_all("push button", "#beta"), what="#beta removed")
        wait_until(lambda: any(is_focused(b) for b in app.find_all("push button")
                               if b.name in ("#alpha", "#gamma")),
                   what="focus stays in the chip row")
        app.key("alt+Up")
        wait_until(lambda: is_focused(message), what="focus back in the text")
        names = [b.name for b in app.find_all("push button") if b.name.startswith("#")]
        self.assertEqual(names, ["#alpha", "#gamma"])

    def test_ctrl_z_right_after_a_conversion_puts_the_text_back(self):
        app = self.start()
        message = app.find("text", "Message")
        app.type("see #later ")
        app.find("push button", "#later")
        app.key("ctrl+z")
        wait_until(lambda: text_of(message) == "see #later", what="the hashtag text restored")
        wait_until(lambda: not app.find_all("push button", "#later"), what="the chip removed")

    def test_enter_during_an_input_method_composition_only_commits_it(self):
        # GTK's built-in input method composes a character from Ctrl+Shift+U and its hex code;
        # Enter ends the composition. That Enter must commit the character, not send.
        app = self.start()
        message = app.find("text", "Message")
        app.type("caf")
        app.key("ctrl+shift+u")
        app.type("e9")
        app.key("Return")
        wait_until(lambda: text_of(message) == "café", what="the composed character committed")
        # Keys arrive in order: once the next one is in the text, an Enter that had sent
        # would have emptied it before.
        app.type("x")
        wait_until(lambda: text_of(message).endswith("x"), what="a key typed after the Enter")
        self.assertEqual(text_of(message), "caféx", "Enter during composition must not send")
        app.key("BackSpace")
        wait_until(lambda: text_of(message) == "café", what="the extra key removed")
        app.key("Return")
        wait_until(lambda: text_of(message) == "", what="the second Enter to send")
        wait_until(lambda: any("café" in (l.name or "") for l in app.find_all("label")),
                   what="the sent message in the transcript")

    def test_draft_and_sent_messages_survive_sigkill(self):
        app = self.start()
        app.type("kept message")
        app.key("Return")
        message = app.find("text", "Message")
        wait_until(lambda: text_of(message) == "", what="the message to be sent")
        app.type("unsent draft #idea ")
        app.find("push button", "#idea")
        # The draft is saved within 500 ms of the last change; wait until it is on disk.
        wait_until(lambda: saved_draft(app.data_dir) == "unsent draft ", timeout=10,
                   what="the draft saved in the database")
        os.kill(app.process.pid, signal.SIGKILL)
        app.process.wait()

        again = NatterApp(data_dir=app.data_dir)
        self.addCleanup(again.close)
        message = again.find("text", "Message")
        wait_until(lambda: text_of(message) == "unsent draft ", what="the draft restored")
        again.find("push button", "#idea")
        wait_until(lambda: any("kept message" in (l.name or "") for l in again.find_all("label")),
                   what="the sent message after the restart")
        caret = message.queryText().caretOffset
        self.assertEqual(caret, len("unsent draft "), "the caret is at the end of the draft")


if __name__ == "__main__":
    import unittest
    unittest.main()
