"""The window opens with every named part and Ctrl+Q quits cleanly."""

import subprocess
import time

from natter_e2e import (NATTER_BIN, NatterTestCase, is_focused, on_screen, press_moving_focus,
                        text_of, wait_until)


class SmokeTest(NatterTestCase):
    def test_window_has_named_parts_and_ctrl_q_quits(self):
        app = self.start()
        self.assertEqual(app.window.name, "Natter")
        app.find("list", "Messages")
        message = app.find("text", "Message")
        app.find("push button", "Add tag")
        app.find("push button", "Send")
        self.assertTrue(message is not None)

        started = time.monotonic()
        app.key("ctrl+q")
        status = app.wait_exit(timeout=5)
        self.assertEqual(status, 0, app.output())
        self.assertLess(time.monotonic() - started, 5)

    def test_the_first_run_banner_lays_out_without_a_gtk_critical(self):
        # The banner an empty Natter shows made every layout log "Expect overlapping
        # widgets" (a box a pixel taller for a given width than for none).
        app = self.start()
        offer = app.find("push button", "Connect to a Network…")
        self.assertTrue(on_screen(offer), "the offer is on screen")
        app.find("text", "Message")
        app.type("laid out")
        app.key("Return")
        wait_until(lambda: any((label.name or "") == "laid out" for label in app.find_all("label")),
                   what="the sent message in the transcript")
        # Layouts while the banner shows: the banner's own, the send's, the list's.
        self.assertTrue(on_screen(offer), "the offer is still on screen")
        self.assertNotIn("Gtk-CRITICAL", app.output())

    def test_dismissing_the_banner_by_keyboard_leaves_the_focus_in_the_composer(self):
        app = self.start()
        offer = app.find("push button", "Connect to a Network…")
        composer = app.find("text", "Message")
        wait_until(lambda: is_focused(composer), what="the composer focused")
        dismiss = app.find("push button", "Dismiss")
        for _ in range(8):
            if is_focused(dismiss):
                break
            press_moving_focus(app, "Tab", app.window)
        self.assertTrue(is_focused(dismiss), "Tab reaches Dismiss")
        app.key("Return")
        # A hidden widget leaves GTK 4.8's AT-SPI tree: look it up afresh.
        wait_until(lambda: not any(on_screen(a) for a in app.find_all(
            "push button", "Connect to a Network…")), what="the banner put away")
        wait_until(lambda: is_focused(composer), what="the composer focused again")
        app.type("typing on")
        wait_until(lambda: text_of(composer) == "typing on", what="the typing in the composer")

    def test_ctrl_w_closes_the_window_and_the_app_exits(self):
        app = self.start()
        app.find("text", "Message")
        app.key("ctrl+w")
        self.assertEqual(app.wait_exit(timeout=5), 0)

    def test_second_launch_presents_the_first_window(self):
        app = self.start()
        app.find("text", "Message")
        second = subprocess.run([NATTER_BIN, "--data-dir", app.data_dir],
                                capture_output=True, timeout=10)
        self.assertEqual(second.returncode, 0, second.stderr.decode(errors="replace"))
        frames = [child for child in app.accessible_app if child.getRoleName() == "frame"]
        self.assertEqual(len(frames), 1, "the first instance keeps one window")
        self.assertIsNone(app.process.poll(), "the first instance keeps running")

    def test_help_version_and_unknown_option(self):
        help_run = subprocess.run([NATTER_BIN, "--help"], capture_output=True, text=True)
        self.assertEqual(help_run.returncode, 0)
        self.assertIn("--data-dir", help_run.stdout)
        version = subprocess.run([NATTER_BIN, "--version"], capture_output=True, text=True)
        self.assertEqual(version.returncode, 0)
        self.assertRegex(version.stdout, r"^Natter \d+\.\d+\.\d+")
        bad = subprocess.run([NATTER_BIN, "--frobnicate"], capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("Usage:", bad.stderr)
        self.assertEqual(bad.stdout, "")


if __name__ == "__main__":
    import unittest
    unittest.main()
