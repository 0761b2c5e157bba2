"""Issue 7 end to end, with keys only: compose with a tag, remove a chip, send, open and close
the shortcuts window, and switch the send key to Ctrl+Enter in Preferences.

The "search for it" step of the issue waits for win.search (the transcript's search bar); the
app engineer adds it to this test when search lands.
"""

import os
import shutil
import subprocess
import tempfile

import pyatspi

from natter_e2e import (NatterTestCase, is_focused, on_screen, press_moving_focus, states,
                        text_of, wait_until)


FAKE_PORTAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_portal.py")


def settings_text(config_dir):
    path = os.path.join(config_dir, "natter", "settings.ini")
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        return ""


class DesktopTest(NatterTestCase):
    def setUp(self):
        # Every run gets its own $XDG_CONFIG_HOME: the test must neither read nor change the
        # settings of whoever runs it.
        self.config_dir = tempfile.mkdtemp(prefix="natter-e2e-config-")
        self.addCleanup(shutil.rmtree, self.config_dir, True)

    def start_app(self, **kwargs):
        return self.start(env={"XDG_CONFIG_HOME": self.config_dir}, **kwargs)

    def other_window(self, app, name):
        """A top-level window of the app other than the main one, by its title."""
        for child in app.accessible_app:
            if child is not None and child.name == name:
                return child
        return None

    def wait_window(self, app, name, present=True):
        if present:
            return wait_until(lambda: self.other_window(app, name), what=f"the {name} window")
        return wait_until(lambda: self.other_window(app, name) is None,
                          what=f"the {name} window to close")

    def shown_named(self, app, name):
        """Whether a widget named `name` is on screen in any of the app's windows."""
        return any(on_screen(a) for a in pyatspi.findAllDescendants(
            app.accessible_app, lambda a: a.name == name))

    def labels_containing(self, app, text):
        return pyatspi.findAllDescendants(
            app.find("list", "Messages"),
            lambda a: a.getRoleName() == "label" and text in (a.name or ""))

    def background_is_dark(self, app):
        """Whether the transcript's background, in a screenshot of the window, is dark."""
        window_id = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid),
             "--name", "^Natter$"], check=True, capture_output=True, text=True).stdout.split()[-1]
        shot = os.path.join(self.config_dir, "shot.png")
        subprocess.run(["import", "-window", window_id, shot], check=True)
        luminance = subprocess.run(
            ["convert", shot, "-format", "%[fx:p{300,300}.luminance]", "info:"],
            check=True, capture_output=True, text=True).stdout
        return float(luminance) < 0.5

    def chip_names(self, app):
        """The composer's chips (the transcript's tag buttons are not counted)."""
        row = pyatspi.findDescendant(
            app.window, lambda a: a.name == "Tags" and a.getRoleName() != "label")
        if row is None:  # hidden while it has no chips
            return []
        return sorted(a.name for a in pyatspi.findAllDescendants(
            row, lambda a: a.getRoleName() == "push button" and (a.name or "").startswith("#")))

    def test_compose_tag_send_shortcuts_and_ctrl_enter_preference(self):
        app = self.start_app()
        message = app.find("text", "Message")
        wait_until(lambda: is_focused(message), what="the composer to have focus")

        # A message with two tags; Backspace at the start of the text removes the last chip.
        app.type("hello desktop #swift #oops ")
        wait_until(lambda: self.chip_names(app) == ["#oops", "#swift"],
                   what="chips #swift and #oops")
        self.assertEqual(text_of(message), "hello desktop ")
        app.key("Home", "BackSpace")
        wait_until(lambda: self.chip_names(app) == ["#swift"], what="#oops removed")
        self.assertEqual(text_of(message), "hello desktop ")

        # Enter sends: the composer empties and the transcript shows the message.
        app.key("End", "Return")
        wait_until(lambda: self.labels_containing(app, "hello desktop"),
                   what="the sent message in the transcript")
        wait_until(lambda: text_of(message) == "" and self.chip_names(app) == [],
                   what="the composer to empty after sending")

        # Ctrl+? opens the shortcuts window, made from the keymap; Escape closes it.
        app.key("ctrl+question")
        shortcuts = self.wait_window(app, "Keyboard Shortcuts")
        titles = {a.name for a in pyatspi.findAllDescendants(
            shortcuts, lambda a: a.getRoleName() == "label")}
        for title in ("Add tag", "Preferences", "Keyboard shortcuts", "Search and filter"):
            self.assertIn(title, titles)
        app.key("Escape")
        self.wait_window(app, "Keyboard Shortcuts", present=False)

        # Ctrl+, opens Preferences; the send-key choice is a radio group reached with Tab and
        # changed with the arrow keys, saved at once; Escape closes the window.
        app.key("ctrl+comma")
        preferences = self.wait_window(app, "Preferences")

        def control(role, name):
            return wait_until(lambda: pyatspi.findDescendant(
                preferences, lambda a: a.getRoleName() == role and a.name == name),
                what=f"{role} '{name}'")

        enter = control("radio button", "Send with Enter")
        ctrl_enter = control("radio button", "Send with Ctrl+Enter")
        control("spin button", "Composer maximum lines")
        self.assertIn(pyatspi.STATE_CHECKED, states(enter))
        for _ in range(6):
            if is_focused(enter):
                break
            press_moving_focus(app, "Tab", preferences)
        self.assertTrue(is_focused(enter), "Tab reaches the send-key choice")
        app.key("Right")
        wait_until(lambda: pyatspi.STATE_CHECKED in states(ctrl_enter),
                   what="Ctrl+Enter chosen")
        wait_until(lambda: "send-key=ctrl-enter" in settings_text(self.config_dir),
                   what="settings.ini saved with send-key=ctrl-enter")
        app.key("Escape")
        self.wait_window(app, "Preferences", present=False)

        # Now Enter makes a new line and Ctrl+Enter sends. Xvfb has no window manager to give
        # the main window the focus back, so the test does it; the window kept its focus widget.
        app.focus_window()
        wait_until(lambda: is_focused(message), what="the composer to have focus again")
        app.type("line one")
        app.key("Return")
        app.type("line two")
        wait_until(lambda: text_of(message) == "line one\nline two",
                   what="Enter to insert a new line")
        self.assertFalse(self.labels_containing(app, "line one"), "Enter must not send")
        app.key("ctrl+Return")
        wait_until(lambda: self.labels_containing(app, "line one\nline two"),
                   what="Ctrl+Enter to send both lines")
        wait_until(lambda: text_of(message) == "", what="the composer to empty")

    def test_send_key_preference_survives_a_restart(self):
        os.makedirs(os.path.join(self.config_dir, "natter"))
        with open(os.path.join(self.config_dir, "natter", "settings.ini"), "w",
                  encoding="utf-8") as file:
            file.write("[composer]\nsend-key=ctrl-enter\nmax-lines=oops\n")
        app = self.start_app()
        message = app.find("text", "Message")
        wait_until(lambda: is_focused(message), what="the composer to have focus")
        app.type("first")
        app.key("Return")
        app.type("second")
        wait_until(lambda: text_of(message) == "first\nsecond", what="Enter to make a new line")
        app.key("ctrl+Return")
        wait_until(lambda: self.labels_containing(app, "first\nsecond"), what="Ctrl+Enter sends")
        # No settings portal on this bus: following the system means light.
        self.assertFalse(self.background_is_dark(app))

    def test_following_the_system_reads_and_tracks_the_portal_color_scheme(self):
        portal = subprocess.Popen(["/usr/bin/python3", FAKE_PORTAL, "1"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

        def stop_portal():
            portal.stdin.close()
            portal.terminate()
            portal.wait(timeout=5)
            portal.stdout.close()
        self.addCleanup(stop_portal)
        self.assertEqual(portal.stdout.readline().strip(), "ready")

        app = self.start_app()
        app.find("text", "Message")
        wait_until(lambda: self.background_is_dark(app), what="dark, read from the portal")
        portal.stdin.write("2\n")
        portal.stdin.flush()
        self.assertEqual(portal.stdout.readline().strip(), "changed")
        wait_until(lambda: not self.background_is_dark(app),
                   what="light after the portal's SettingChanged")

        # Choosing Dark in Preferences overrides the system (follow, light, dark).
        app.key("ctrl+comma")
        preferences = self.wait_window(app, "Preferences")
        style = wait_until(lambda: pyatspi.findDescendant(
            preferences, lambda a: a.getRoleName() == "combo box" and a.name == "Style"),
            what="the Style control")
        for _ in range(6):
            if is_focused(style) or any(is_focused(c) for c in style if c is not None):
                break
            press_moving_focus(app, "Tab", preferences)
        app.key("space")
        wait_until(lambda: self.shown_named(app, "Dark"), what="the Style list open")
        app.key("Down", "Down", "Return")
        wait_until(lambda: "style=dark" in settings_text(self.config_dir), what="style=dark saved")
        # The list has closed once the focus is back on the Style control; an Escape before
        # that would close the list, not the window.
        wait_until(lambda: is_focused(style) or any(is_focused(c) for c in style if c is not None),
                   what="the Style list closed")
        app.key("Escape")
        self.wait_window(app, "Preferences", present=False)
        wait_until(lambda: self.background_is_dark(app), what="dark by choice")

    def test_preferences_from_the_menu_and_a_damaged_file(self):
        os.makedirs(os.path.join(self.config_dir, "natter"))
        with open(os.path.join(self.config_dir, "natter", "settings.ini"), "wb") as file:
            file.write(b"\xff\xfe[composer\x00]\nsend-key=\xc3\x28\n")
        app = self.start_app()
        app.find("text", "Message")
        # F10 opens the primary menu on its first entry (Connect to a Network…); Preferences
        # is the third.
        app.key("F10")
        wait_until(lambda: self.shown_named(app, "Preferences"), what="the primary menu open")
        app.key("Down", "Down", "Return")
        preferences = self.wait_window(app, "Preferences")
        enter = wait_until(lambda: pyatspi.findDescendant(
            preferences, lambda a: a.getRoleName() == "radio button"
            and a.name == "Send with Enter"), what="the Enter radio button")
        self.assertIn(pyatspi.STATE_CHECKED, states(enter), "a damaged file gives defaults")
        style = wait_until(lambda: pyatspi.findDescendant(
            preferences, lambda a: a.getRoleName() == "combo box" and a.name == "Style"),
            what="the Style control")
        self.assertIsNotNone(style)
        app.key("Escape")
        self.wait_window(app, "Preferences", present=False)

    def test_ctrl_w_closes_a_dialog_and_ctrl_q_quits_from_one(self):
        """The app's Close window and Quit keys work in its modal dialogs as in its window,
        although GTK's application accelerators reach only the app's own windows."""
        app = self.start_app()
        app.find("text", "Message")
        for keys, title in ((("ctrl+comma",), "Preferences"),
                            (("ctrl+question",), "Keyboard Shortcuts"),
                            (("ctrl+n",), "Connect to a network"),
                            (("F10", "Down", "Down", "Down", "Return"), "About Natter")):
            app.key(*keys)
            self.wait_window(app, title)
            app.key("ctrl+w")
            self.wait_window(app, title, present=False)
            self.assertIsNone(app.process.poll(), f"Ctrl+W closed {title}, not the app")
        # The window behind takes keys again: Ctrl+W there closes it, so it is not tried here.
        app.key("ctrl+comma")
        self.wait_window(app, "Preferences")
        app.key("ctrl+q")
        self.assertEqual(app.wait_exit(timeout=10), 0, "Ctrl+Q quits from Preferences")
        self.assertEqual(app.criticals(), [])


if __name__ == "__main__":
    import unittest
    unittest.main()
