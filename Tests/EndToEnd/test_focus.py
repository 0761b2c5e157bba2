"""Nothing needs the mouse: Tab and Shift+Tab reach every control of the window."""

import pyatspi
from natter_e2e import NatterTestCase, is_focused, press_moving_focus

CONTROLS = {
    ("push button", "Main Menu"), ("push button", "Add tag"), ("text", "Message"),
    ("push button", "Send"), ("push button", "#one"), ("push button", "Remove #one"),
}


class FocusTest(NatterTestCase):
    def cycle(self, app, key):
        """The focused widgets met while pressing `key` until focus is back in the text."""
        met = []
        for _ in range(20):
            press_moving_focus(app, key, app.window)
            focused = pyatspi.findAllDescendants(app.window, is_focused)
            met.extend((f.getRoleName(), f.name) for f in focused)
            if ("text", "Message") in met:
                break
        return met

    def test_tab_and_shift_tab_reach_every_control_and_come_back(self):
        app = self.start()
        app.find("text", "Message")
        app.type("hi #one ")
        app.find("push button", "#one")
        forward = self.cycle(app, "Tab")
        self.assertEqual(forward[-1], ("text", "Message"), forward)
        self.assertTrue(CONTROLS <= set(forward), f"missing {CONTROLS - set(forward)}")
        self.assertTrue(any(role in ("list", "scroll pane") for role, _ in forward),
                        "the transcript takes focus too")
        backward = self.cycle(app, "shift+Tab")
        self.assertEqual(backward[-1], ("text", "Message"), backward)
        self.assertTrue(CONTROLS <= set(backward), f"missing {CONTROLS - set(backward)}")


if __name__ == "__main__":
    import unittest
    unittest.main()
