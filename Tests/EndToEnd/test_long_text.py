"""Long text (issue 13): folded bodies, Show more by keyboard, and no hang at start-up."""

import json
import subprocess
import tempfile

import pyatspi

from natter_e2e import (NATTER_BIN, NatterTestCase, is_focused, on_screen, press_moving_focus,
                        text_of, wait_until)
from test_conversations import focus_dialog


def import_history(bodies):
    """A data directory holding `bodies` as messages from alice, the last one newest."""
    data_dir = tempfile.mkdtemp(prefix="natter-e2e-long-")
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        for number, body in enumerate(bodies):
            file.write(json.dumps({
                "id": f"long-{number}", "sender": "alice",
                "sent_at": f"2026-11-29T10:{number:02d}:00Z", "body": body,
                "tags": [], "edited": False}) + "\n")
    subprocess.run([NATTER_BIN, "--data-dir", data_dir, "--import", file.name], check=True,
                   capture_output=True)
    return data_dir


class LongTextTest(NatterTestCase):
    def test_stored_unbroken_message_does_not_hang_start_up(self):
        unbroken = "abcdefghij" * 10_000
        data_dir = import_history(["before it", unbroken])
        # Before the fix this start never showed a window: Pango shaped for minutes.
        app = self.start(data_dir=data_dir)
        messages = app.find("list", "Messages", timeout=20)
        wait_until(lambda: pyatspi.findDescendant(
            messages, lambda a: a.getRoleName() == "label" and a.name.endswith("…")
            and unbroken.startswith(a.name[:-1]) and len(a.name) < 1_000),
            what="the unbroken message shown folded")
        app.find("push button", "Show more")
        app.key("ctrl+q")
        self.assertEqual(app.wait_exit(timeout=10), 0, "Ctrl+Q quits at once")

    def open_viewer(self, lines):
        """Starts Natter on a history ending in `lines`, opens it with Show more by keyboard,
        and returns the app and a finder of the whole-message window."""
        app = self.start(data_dir=import_history(["short one", lines]))
        composer = app.find("text", "Message")
        wait_until(lambda: is_focused(composer), what="the composer focused")
        show_more = app.find("push button", "Show more")

        # Tab leaves the composer for the transcript's rows and their buttons. Each Tab is
        # waited for before the next: a Tab still queued when Show more is checked would carry
        # the focus past it.
        for _ in range(12):
            if is_focused(show_more):
                break
            press_moving_focus(app, "Tab", app.window)
        self.assertTrue(is_focused(show_more), "Show more is reachable with Tab")
        app.key("Return")

        def viewer():
            for child in app.accessible_app:
                if child.getRoleName() == "frame" and child.name == "Message from alice":
                    return child
            return None

        wait_until(viewer, what="the whole-message window")
        return app, viewer

    def test_show_more_by_keyboard_opens_the_whole_text(self):
        lines = "\n".join(f"line {number}" for number in range(2_000))
        app, viewer = self.open_viewer(lines)
        whole = wait_until(lambda: pyatspi.findDescendant(
            viewer(), lambda a: a.getRoleName() == "text" and a.name == "Whole message"),
            what="the whole message's text")
        wait_until(lambda: text_of(whole) == lines, timeout=20, what="every line in the view")
        app.key("Escape")
        wait_until(lambda: viewer() is None, what="Escape to close the window")

    def test_enter_on_a_selected_folded_message_opens_it_whole(self):
        lines = "\n".join(f"line {number}" for number in range(200))
        app = self.start(data_dir=import_history(["short one", lines]))
        composer = app.find("text", "Message")
        wait_until(lambda: is_focused(composer), what="the composer focused")
        app.key("alt+Up")
        messages = app.find("list", "Messages")
        wait_until(lambda: pyatspi.findDescendant(
            messages, lambda a: is_focused(a) and (a.name or "").startswith("alice: line 0")),
            what="the folded message selected")
        app.key("Return")
        wait_until(lambda: any(child.getRoleName() == "frame"
                               and child.name == "Message from alice"
                               for child in app.accessible_app),
                   what="Enter to open the whole message")

    def test_enter_on_the_show_more_of_a_selected_message_is_the_buttons(self):
        # With a link, Enter on the selected message opens the link; on its Show more, the
        # whole text.
        lines = "\n".join(f"line {number}" for number in range(200)) + "\nhttps://example.org"
        app = self.start(data_dir=import_history(["short one", lines]))
        composer = app.find("text", "Message")
        wait_until(lambda: is_focused(composer), what="the composer focused")
        app.key("alt+Up")
        messages = app.find("list", "Messages")
        wait_until(lambda: pyatspi.findDescendant(
            messages, lambda a: is_focused(a) and (a.name or "").startswith("alice: line 0")),
            what="the folded message selected")
        show_more = wait_until(lambda: [a for a in app.find_all("push button", "Show more")
                                        if on_screen(a)], what="Show more")[-1]
        for _ in range(6):
            if is_focused(show_more):
                break
            press_moving_focus(app, "Tab", app.window)
        self.assertTrue(is_focused(show_more), "Tab reaches the selected row's Show more")
        app.key("Return")
        wait_until(lambda: any(child.getRoleName() == "frame"
                               and child.name == "Message from alice"
                               for child in app.accessible_app),
                   what="Enter on Show more to open the whole message")

    def test_the_apps_keys_work_in_the_viewer(self):
        lines = "\n".join(f"line {number}" for number in range(200))
        app, viewer = self.open_viewer(lines)
        focus_dialog("Message from alice")
        app.key("ctrl+w")
        wait_until(lambda: viewer() is None, what="Ctrl+W to close the viewer")
        self.assertIsNone(app.process.poll(), "Ctrl+W closed the viewer, not the app")
        focus_dialog("^Natter$")
        show_more = app.find("push button", "Show more")
        wait_until(lambda: is_focused(show_more), what="Show more keeps the focus")
        app.key("Return")
        wait_until(viewer, what="the whole-message window again")
        focus_dialog("Message from alice")
        app.key("ctrl+q")
        self.assertEqual(app.wait_exit(timeout=10), 0, "Ctrl+Q quits from the viewer")

    def test_closing_the_main_window_under_a_viewer_ends_the_app(self):
        app, _ = self.open_viewer("\n".join(f"line {number}" for number in range(200)))
        focus_dialog("^Natter$")
        app.key("ctrl+w")
        self.assertEqual(app.wait_exit(timeout=10), 0, "the viewer does not keep Natter running")
        self.assertEqual(app.criticals(), [])
