"""mIRC formatting as Natter shows it (SPEC §12, issue 28): a raw client on a real InspIRCd
sends bold and colours; Natter shows the plain words, drawn bold and coloured (read through
AT-SPI's text attributes), stores the plain body for search beside the formatted original,
and shows the plain text alone once Preferences turn formatting off."""

import pyatspi

from natter_e2e import focus_key, is_focused, press_moving_focus, wait_until
from test_conversations import shown_messages
from test_desktop import settings_text
from test_irc import IRCTestCase

SENT = "\x02bold\x02 and \x0304red\x03 and \x1fcode\x1f done"
PLAIN = "bold and red and code done"


def attributes_at(label, offset):
    """The text attributes AT-SPI reports at `offset` of a label, as a dict."""
    label.clear_cache()
    attributes, _, _ = label.queryText().getAttributeRun(offset, False)
    return dict(item.split(":", 1) for item in attributes)


class FormattingTest(IRCTestCase):
    def body_label(self, app, text):
        return wait_until(lambda: pyatspi.findDescendant(
            app.messages, lambda a: a.getRoleName() == "label" and a.name == text),
            what=f"the label {text!r}")

    def open_preferences(self, app):
        app.key("ctrl+comma")
        return wait_until(
            lambda: next((frame for frame in app.accessible_app
                          if frame is not None and frame.name == "Preferences"), None),
            what="the Preferences window")

    def focus(self, app, preferences, control):
        for _ in range(12):
            if is_focused(control) or any(is_focused(c) for c in control if c is not None):
                return
            press_moving_focus(app, "Tab", preferences)
        self.fail(f"Tab never reached {control.name} (focus: {focus_key(preferences)})")

    def test_colours_follow_a_change_of_style(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)
        bob.send("PRIVMSG #natter :\x0302navy\x03 sky")
        wait_until(lambda: "navy sky" in shown_messages(app), what="bob's line")
        light = attributes_at(self.body_label(app, "navy sky"), 0).get("fg-color")
        self.assertIsNotNone(light, "navy has a colour in the light style")

        preferences = self.open_preferences(app)
        style = wait_until(lambda: pyatspi.findDescendant(
            preferences, lambda a: a.getRoleName() == "combo box" and a.name == "Style"),
            what="the Style control")
        self.focus(app, preferences, style)
        app.key("space")
        wait_until(lambda: any(a.name == "Dark" for a in pyatspi.findAllDescendants(
            app.accessible_app, lambda a: a.getRoleName() == "label")), what="the Style list")
        app.key("Down", "Down", "Return")
        wait_until(lambda: "style=dark" in settings_text(app.config_dir), what="style=dark saved")

        # Navy on the dark background would not read: the row is drawn again, lighter.
        def dark():
            return attributes_at(self.body_label(app, "navy sky"), 0).get("fg-color")
        wait_until(lambda: dark() not in (None, light),
                   what=f"navy redrawn for the dark style (light {light}, now {dark()})")
        lightness = sum(int(part) for part in dark().split(","))
        self.assertGreater(lightness, sum(int(part) for part in light.split(",")))

    def test_bold_and_colours_shown_stored_plain_and_stripped_by_the_preference(self):
        server = self.server()
        bob = self.member(server, "bob")
        app = self.connect(server)
        self.wait_ready(app)

        bob.send(f"PRIVMSG #natter :{SENT}")
        wait_until(lambda: PLAIN in shown_messages(app),
                   what="the plain words in the transcript")
        # No code leaks into the text a screen reader reads.
        self.assertFalse(any("\x02" in label or "\x03" in label for label in shown_messages(app)))

        label = self.body_label(app, PLAIN)
        bold = attributes_at(label, 0)
        self.assertEqual(bold.get("weight"), "700", f"'bold' is bold ({bold})")
        red = attributes_at(label, PLAIN.index("red"))
        self.assertIn("fg-color", red, f"'red' has a colour of its own ({red})")
        r, g, b = (int(part) for part in red["fg-color"].split(","))
        self.assertTrue(r > 2 * g and r > 2 * b, f"and it is a red ({red['fg-color']})")
        underlined = attributes_at(label, PLAIN.index("code"))
        self.assertEqual(underlined.get("underline"), "single", f"{underlined}")
        plain = attributes_at(label, PLAIN.index("done"))
        self.assertNotEqual(plain.get("weight"), "700")
        self.assertNotIn("fg-color", plain)

        # Stored: the plain body (what search and notifications use) and the original.
        self.assertEqual(self.rows(app, "SELECT body, formatted FROM messages WHERE body = ?",
                                   PLAIN), [(PLAIN, SENT)])

        # Preferences: "Show text formatting" off shows the same words with no formatting.
        preferences = self.open_preferences(app)
        switch = wait_until(lambda: pyatspi.findDescendant(
            preferences, lambda a: a.name == "Show text formatting"),
            what="the Show text formatting switch")
        self.focus(app, preferences, switch)
        app.key("space")
        wait_until(lambda: "formatting=false" in settings_text(app.config_dir),
                   what="formatting=false saved")
        app.key("Escape")
        wait_until(lambda: attributes_at(self.body_label(app, PLAIN), 0).get("weight") != "700",
                   what="the bold gone once formatting is off")
        label = self.body_label(app, PLAIN)
        self.assertNotIn("fg-color", attributes_at(label, PLAIN.index("red")))
        self.assertIn(PLAIN, shown_messages(app))
