"""The transcript as a user sees it: sent messages in order, Page Up, Jump to latest, Ctrl+End."""

import glob
import os
import shutil
import tempfile

import pyatspi

from natter_e2e import NatterTestCase, is_focused, wait_until

# libfaketime (Debian's `libfaketime`, meson-helpers/deps.sh) gives one process a clock of its
# own: Natter starts a few seconds before a midnight and lives through it.
FAKETIME = (glob.glob("/usr/lib/*/faketime/libfaketime.so.1") or [None])[0]


def labels_under(accessible):
    """Names of the labels under `accessible`, in tree (display) order."""
    return [label.name for label in pyatspi.findAllDescendants(
        accessible, lambda a: a.getRoleName() == "label")]


def extents(accessible):
    return accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def is_within(accessible, area):
    """Whether `accessible` lies inside `area` (GTK 4.8 sets no SHOWING state on children)."""
    box, view = extents(accessible), extents(area)
    return (box.height > 0 and box.y >= view.y - 1
            and box.y + box.height <= view.y + view.height + 1)


class TranscriptTest(NatterTestCase):
    def send(self, app, text, extra_lines=0):
        app.type(text)
        for line in range(extra_lines):
            app.key("shift+Return")
            app.type(f"line {line}")
        app.key("Return")

    def test_sent_messages_appear_in_order(self):
        app = self.start()
        app.find("text", "Message")
        bodies = ["first message", "second message", "third message"]
        for body in bodies:
            self.send(app, body)
        messages = app.find("list", "Messages")

        def in_order():
            shown = [name for name in labels_under(messages) if name in bodies]
            return shown if shown == bodies else None

        wait_until(in_order, what="the three messages in order under Messages")

    def test_page_up_then_jump_to_latest_with_ctrl_end(self):
        app = self.start()
        composer = app.find("text", "Message")
        # Tall messages, so that the history is several pages high.
        for number in range(12):
            self.send(app, f"filler {number}", extra_lines=3)
        messages = app.find("list", "Messages")
        wait_until(lambda: any(name.startswith("filler 11") for name in labels_under(messages)),
                   what="the last filler")

        app.key("Prior", "Prior")
        self.assertTrue(is_focused(composer), "Page Up leaves the focus in the composer")
        self.send(app, "the newest message")

        # A hidden widget is not in the accessibility tree at all.
        app.find("push button", "Jump to latest")
        viewport = messages.parent

        def newest_showing():
            found = pyatspi.findDescendant(
                messages, lambda a: a.getRoleName() == "label" and a.name == "the newest message")
            return found is not None and is_within(found, viewport)

        self.assertFalse(newest_showing(), "scrolled up, the newest message is out of view")
        app.key("ctrl+End")
        wait_until(newest_showing, what="the newest message after Ctrl+End")
        wait_until(lambda: not app.find_all("push button", "Jump to latest"),
                   what="Jump to latest to hide")

    def test_ctrl_f_filters_and_escape_restores(self):
        app = self.start()
        composer = app.find("text", "Message")
        for body in ["apple one", "banana two", "apple three"]:
            self.send(app, body)
        messages = app.find("list", "Messages")

        def shown():
            return [name for name in labels_under(messages)
                    if name in ("apple one", "banana two", "apple three")]

        wait_until(lambda: len(shown()) == 3, what="three messages")
        app.key("ctrl+f")
        app.find("entry", "Search messages")
        wait_until(lambda: not is_focused(composer), what="the search entry to take the focus")
        app.type("banana")
        wait_until(lambda: shown() == ["banana two"], what="only the matching message")
        app.key("Escape")
        wait_until(lambda: shown() == ["apple one", "banana two", "apple three"],
                   what="the whole history back")
        wait_until(lambda: is_focused(composer), what="the focus back in the composer")

        # Escape closes the search from the composer too.
        app.key("ctrl+f")
        wait_until(lambda: not is_focused(composer), what="the search entry to take the focus")
        app.type("apple")
        wait_until(lambda: shown() == ["apple one", "apple three"], what="two apples")
        app.key("ctrl+l")
        wait_until(lambda: is_focused(composer), what="Ctrl+L to focus the composer")
        app.key("Escape")
        wait_until(lambda: len(shown()) == 3, what="the whole history after Escape")

    def test_today_becomes_yesterday_at_midnight(self):
        """An IRC window stays open for days: at midnight the separator above the day that
        ended says `Yesterday`, rather than a second `Today` above the first message after."""
        self.assertIsNotNone(FAKETIME, "libfaketime is not installed (meson-helpers/deps.sh)")
        # Swift on Linux finds argv by walking back from `environ` on the initial stack
        # (swift/stdlib/public/CommandLineSupport/CommandLine.cpp); libfaketime's constructor
        # calls setenv (FAKETIME_SHARED), which moves `environ` to the heap, so Natter sees no
        # arguments and `--data-dir` is lost. Its history then lives under XDG_DATA_HOME: here
        # a folder of this test's own.
        data_home = tempfile.mkdtemp(prefix="natter-e2e-midnight-")
        self.addCleanup(shutil.rmtree, data_home, ignore_errors=True)
        # 30 s before midnight, UTC: time to start and send before it; the clock then runs.
        app = self.start(env={"TZ": "UTC", "LD_PRELOAD": FAKETIME, "XDG_DATA_HOME": data_home,
                              "FAKETIME": "@2026-12-07 23:59:30"})
        app.find("text", "Message")
        self.assertTrue(os.path.exists(os.path.join(data_home, "natter", "natter.sqlite3")),
                        "the history in the test's own folder")
        messages = app.find("list", "Messages")

        def separators():
            return [name for name in labels_under(messages) if name in ("Today", "Yesterday")]

        self.send(app, "before midnight")
        wait_until(lambda: "before midnight" in labels_under(messages), what="the message")
        self.assertIn("11:59\u202fPM", labels_under(messages), "sent before midnight")
        wait_until(lambda: separators() == ["Today"], what="one Today above it")
        wait_until(lambda: separators() == ["Yesterday"], timeout=40,
                   what="its separator to say Yesterday once midnight passed")
        self.send(app, "after midnight")
        wait_until(lambda: separators() == ["Yesterday", "Today"],
                   what="Yesterday above the old message, Today above the new one")

if __name__ == "__main__":
    import unittest
    unittest.main()
