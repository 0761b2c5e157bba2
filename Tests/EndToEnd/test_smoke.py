"""The window opens with every named part and Ctrl+Q quits cleanly."""

import time

from natter_e2e import NatterTestCase


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
        self.assertEqual(status, 0, app.process.stderr.read().decode(errors="replace"))
        self.assertLess(time.monotonic() - started, 5)


if __name__ == "__main__":
    import unittest
    unittest.main()
