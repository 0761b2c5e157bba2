"""Natter in the user's language and script: Korean and German catalogues, the locale's dates
and clock, plural forms, and a mirrored window in Arabic. test.sh compiles the catalogues and
generates the locales (deps.sh, natter_generate_locales)."""

import json
import os
import re
import subprocess
import tempfile
import unittest

import pyatspi

from natter_e2e import NATTER_BIN, NatterApp, catalogue, text_of, wait_until


def locale_env(name):
    return {"LANG": name, "LC_ALL": name, "LANGUAGE": ""}


def extents(accessible):
    box = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x, box.y, box.width, box.height


class KoreanTest(unittest.TestCase):
    def setUp(self):
        self.tr = catalogue("ko")

    def test_the_window_speaks_korean_and_dates_follow_the_locale(self):
        app = NatterApp(env=locale_env("ko_KR.UTF-8"))
        self.addCleanup(app.close)
        self.assertEqual(self.tr("Message"), "메시지", "the Korean catalogue is not compiled")
        message = app.find("text", "메시지")
        app.find("push button", "보내기")
        app.find("label", "아직 메시지가 없습니다")
        app.type("안녕하세요")
        app.key("Return")
        wait_until(lambda: text_of(message) == "", what="the message sent")
        app.find("label", "오늘")
        clock = re.compile(r"^(오전|오후) \d{1,2}:\d{2}$")
        wait_until(lambda: [label for label in app.find_all("label") if clock.match(label.name)],
                   what="a time label such as 오후 3:04")

    def test_the_shortcuts_window_is_translated(self):
        app = NatterApp(env=locale_env("ko_KR.UTF-8"))
        self.addCleanup(app.close)
        app.find("text", "메시지")
        app.key("ctrl+question")
        wait_until(lambda: [w for w in app.accessible_app if w.name == "바로 가기 키"],
                   what="the 바로 가기 키 window")


class GermanTest(unittest.TestCase):
    def test_labels_and_a_24_hour_clock(self):
        app = NatterApp(env=locale_env("de_DE.UTF-8"))
        self.addCleanup(app.close)
        app.find("text", "Nachricht")
        app.type("hallo")
        app.key("Return")
        app.find("label", "Heute")
        clock = re.compile(r"^\d{2}:\d{2}$")
        wait_until(lambda: [label for label in app.find_all("label") if clock.match(label.name)],
                   what="a time label such as 15:04")

    def test_plural_forms_on_the_command_line(self):
        data = tempfile.mkdtemp(prefix="natter-l10n-")
        self.addCleanup(subprocess.run, ["rm", "-rf", data])

        def import_lines(count):
            bad = "".join(json.dumps({"id": f"x{n}", "body": ""}) + "\n" for n in range(count))
            result = subprocess.run(
                [NATTER_BIN, "--data-dir", data, "--import", "-"], input=bad, text=True,
                capture_output=True, env=dict(os.environ, **locale_env("de_DE.UTF-8")), timeout=60)
            self.assertEqual(result.returncode, 1, result.stderr)
            return result.stderr

        self.assertIn("1 Zeile ist keine gültige Nachricht, darum wurde nichts importiert.",
                      import_lines(1))
        self.assertIn("3 Zeilen sind keine gültigen Nachrichten, darum wurde nichts importiert.",
                      import_lines(3))


class RightToLeftTest(unittest.TestCase):
    def test_an_arabic_locale_mirrors_the_window(self):
        app = NatterApp(env=locale_env("ar_EG.UTF-8"))
        self.addCleanup(app.close)
        # No Arabic catalogue: the names stay English, the layout follows GTK's direction.
        message = app.find("text", "Message")
        send = app.find("push button", "Send")
        add_tag = app.find("push button", "Add tag")
        x_message, _, width, _ = extents(message)
        self.assertLess(extents(send)[0], x_message, "Send is not on the left in Arabic")
        self.assertGreater(extents(add_tag)[0], x_message + width - 1,
                           "Add tag is not on the right in Arabic")

    def test_english_keeps_send_on_the_right(self):
        app = NatterApp(env=locale_env("C.UTF-8"))
        self.addCleanup(app.close)
        message = app.find("text", "Message")
        x_message, _, width, _ = extents(message)
        self.assertGreater(extents(app.find("push button", "Send"))[0], x_message + width - 1)


if __name__ == "__main__":
    unittest.main()
