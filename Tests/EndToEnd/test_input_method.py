"""Korean and Japanese through real input methods: ibus with ibus-hangul and ibus-anthy, keys
from xdotool.

Each test starts its own ibus-daemon on a private socket (IBUS_ADDRESS) and stops it by
its process group. meson-helpers/test.sh installs ibus, ibus-hangul, ibus-gtk4 and a CJK font.
ibus-hangul keeps its Debian defaults, event forwarding included: on GTK 4 the keys it hands
back are lost, which is what Natter must cope with (InputMethodGate).
"""

import os
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest

import pyatspi

from natter_e2e import NatterApp, catalogue, text_of, wait_until

HANGUL = "dkssudgktpdy"  # 안녕하세요 on the 2-set keyboard
HELLO = "안녕하세요"


def stored_bodies(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "natter.sqlite3"), timeout=2) as db:
        return [row[0] for row in db.execute("SELECT body FROM messages ORDER BY rowid")]


class IBus:
    """A private ibus-daemon for one test class."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="natter-ibus-")
        self.address = f"unix:path={self.dir}/bus"
        # Its own engine cache (a stale one hides engines), and Debian's python3 for the
        # engines written in Python (ibus-anthy), whatever python3 comes first on PATH.
        self.env = dict(os.environ, IBUS_ADDRESS=self.address,
                        XDG_CACHE_HOME=os.path.join(self.dir, "cache"),
                        PATH="/usr/bin:" + os.environ.get("PATH", ""))
        self.process = subprocess.Popen(
            ["ibus-daemon", "--replace", "--panel=disable", "--emoji-extension=disable",
             f"--address={self.address}"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        wait_until(lambda: self.ibus("list-engine").returncode == 0, timeout=20,
                   what="ibus-daemon to answer")

    def ibus(self, *args):
        return subprocess.run(["ibus", *args], env=self.env, capture_output=True, text=True)

    def engine(self):
        return self.ibus("engine").stdout.strip()

    def use(self, engine):
        self.ibus("engine", engine)
        wait_until(lambda: self.engine() == engine, what=f"ibus engine {engine}")

    def stop(self):
        # The daemon and the engines it started share its process group.
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        subprocess.run(["rm", "-rf", self.dir])


class InputMethodTestCase(unittest.TestCase):
    # The locale Natter runs in (None: the runner's); names are then looked up in its catalogue.
    locale = None

    def tr(self, text):
        return catalogue(self.locale.split("_")[0])(text) if self.locale else text

    def setUp(self):
        # A daemon per test: ibus-hangul's Hangul/Latin mode outlives the app that set it.
        self.ibus = IBus()
        self.addCleanup(self.ibus.stop)

    def start(self, settings=None):
        env = {"GTK_IM_MODULE": "ibus", "IBUS_ADDRESS": self.ibus.address}
        if self.locale:
            env.update(LANG=self.locale, LC_ALL=self.locale, LANGUAGE="")
        if settings:
            config = tempfile.mkdtemp(prefix="natter-ime-config-")
            os.makedirs(os.path.join(config, "natter"))
            with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
                f.write(settings)
            env["XDG_CONFIG_HOME"] = config
        app = NatterApp(env=env)
        # At a human pace: ibus-gtk4 waits for each key's answer by running the main loop,
        # which can dispatch the next key first, so keys 20 ms apart on a loaded machine
        # arrive out of order ("iftsr"). That is ibus's, not what these tests are about.
        app.key_delay_ms = 90
        self.addCleanup(app.close)
        self.message = app.find("text", self.tr("Message"))
        return app

    def wait_text(self, expected, what="the composer's text"):
        try:
            wait_until(lambda: text_of(self.message) == expected, what=f"{what} {expected!r}")
        except AssertionError as error:
            raise AssertionError(f"{error}; the composer has {text_of(self.message)!r}") from None

    def open_and_close_the_tag_entry(self, app):
        """Ctrl+T focuses the tag entry and Escape brings the focus back to the composer."""
        app.key("ctrl+t")
        entry = app.find("text", self.tr("New tag"))
        wait_until(lambda: pyatspi.STATE_FOCUSED in entry.getState().getStates(),
                   what="the tag entry focused")
        app.key("Escape")
        wait_until(lambda: pyatspi.STATE_FOCUSED in self.message.getState().getStates(),
                   what="back in the composer")

    def hangul_mode(self, app, send="Return"):
        """Switches ibus-hangul from Latin to Hangul mode (its initial-input-mode setting does not
        take effect headless) and proves it by sending one syllable: the send key commits 하,
        pressed again it sends it. The engine reaches the app's input context a moment after
        `ibus engine` returns, so a Hangul key pressed too early leaves Latin mode: then `gk`
        arrives as Latin letters, and the switch is tried again."""
        self.ibus.use("hangul")
        for _ in range(3):
            before = len(stored_bodies(app.data_dir))
            app.key("Hangul")
            app.type("gk")
            app.key(send)

            def outcome():
                bodies, text = stored_bodies(app.data_dir)[before:], text_of(self.message)
                if "하" in bodies or text == "하":
                    return "hangul"
                return "latin" if "gk" in bodies or text == "gk" else None

            if wait_until(outcome, what="하 or gk after the Hangul key") == "hangul":
                break
            app.key("ctrl+a", "Delete")
            self.wait_text("")
        else:
            self.fail("ibus-hangul never switched to Hangul mode")
        if text_of(self.message) == "하":
            app.key(send)
        wait_until(lambda: stored_bodies(app.data_dir)[-1:] == ["하"], what="하 sent")
        self.wait_text("")
        self.base = len(stored_bodies(app.data_dir))

    def typing_reaches_natter(self, app):
        """ibus attaches a newly chosen engine to Natter's input context a moment after
        `ibus engine` returns, and keys typed in between can be lost: type a probe until one
        arrives, then clear it."""
        for _ in range(5):
            app.type("x")
            try:
                wait_until(lambda: "x" in text_of(self.message), timeout=3, what="a probe key")
                break
            except AssertionError:
                continue
        else:
            self.fail("no key typed through ibus reached Natter")
        app.key("ctrl+a", "Delete")
        self.wait_text("")

    def sent(self, app):
        """What was sent after hangul_mode's syllable."""
        return stored_bodies(app.data_dir)[self.base:]

    def send_with_at_most_one_extra(self, app, send, body, sent=None):
        """Presses `send` until `body` is stored: once, or twice when the first press only
        committed the composition (ibus-hangul commits on a Ctrl press already)."""
        sent = sent or (lambda: self.sent(app))
        app.key(send)
        wait_until(lambda: sent() == [body] or (sent() == [] and text_of(self.message) == body),
                   what=f"{body!r} committed or sent")
        if sent() == []:
            app.key(send)
        wait_until(lambda: sent() == [body], what=f"{body!r} sent")
        self.wait_text("")

    def latin(self, app, text):
        """Types `text` in ibus-hangul's Latin mode. In Hangul mode ibus-hangul hands shifted
        symbols back to GTK 4, which loses them (upstream), so `#` is typed this way."""
        app.key("Hangul")
        app.type(text)
        app.key("Hangul")


class HangulTest(InputMethodTestCase):
    def test_enter_commits_the_syllable_and_the_next_enter_sends_it(self):
        app = self.start()
        self.hangul_mode(app)
        app.type(HANGUL)
        app.key("Return")
        self.wait_text(HELLO, "the last syllable committed")
        self.assertEqual(self.sent(app), [], "the committing Enter never sends")
        app.key("Return")
        wait_until(lambda: self.sent(app) == [HELLO], what="안녕하세요 stored")
        self.wait_text("")

    def test_ctrl_enter_sends_with_the_preference_and_enter_makes_a_line(self):
        app = self.start(settings="[composer]\nsend-key=ctrl-enter\n")
        self.hangul_mode(app, send="ctrl+Return")
        app.type("dkssud")
        app.key("Return")
        self.wait_text("안녕\n", "Enter committed and made a new line")
        app.type("gktpdy")
        self.send_with_at_most_one_extra(app, "ctrl+Return", "안녕\n하세요")

    def test_shift_enter_commits_and_makes_a_line_and_the_composer_grows(self):
        app = self.start()
        self.hangul_mode(app)
        one_line = self.message.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
        app.type("dkssud")
        app.key("shift+Return")
        app.type("gktpdy")
        app.key("shift+Return")
        app.type("dy")
        app.key("Return")
        self.wait_text("안녕\n하세요\n요")
        wait_until(
            lambda: self.message.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
            >= 3 * one_line - 2, what="a three-line composer")
        self.assertEqual(self.sent(app), [])

    def test_a_korean_hashtag_becomes_a_chip_and_the_chip_keys_work(self):
        app = self.start()
        self.hangul_mode(app)
        self.latin(app, "#")
        app.type("gksrnrdj ")  # 한국어 and Space
        app.find("push button", "#한국어")
        self.wait_text("")
        self.latin(app, "#")
        app.type("dkssud ")  # 안녕 and Space
        app.find("push button", "#안녕")
        app.key("alt+Down", "Delete")  # into the chip row; Delete removes the focused chip
        wait_until(lambda: len([b for b in app.find_all("push button")
                                if b.name in ("#한국어", "#안녕")]) == 1, what="one chip removed")
        app.key("Escape")  # back to the text
        wait_until(lambda: pyatspi.STATE_FOCUSED in self.message.getState().getStates(),
                   what="back in the composer")
        app.key("BackSpace")  # at the start: removes the last chip
        wait_until(lambda: not [b for b in app.find_all("push button")
                                if b.name in ("#한국어", "#안녕")], what="every chip removed")
        self.assertEqual(self.sent(app), [])

    def test_escape_during_a_composition_cancels_only_that_and_up_still_edits(self):
        app = self.start()
        self.hangul_mode(app)
        app.type(HANGUL)
        app.key("Return", "Return")
        wait_until(lambda: self.sent(app) == [HELLO], what="a sent message")
        app.key("Up")
        self.wait_text(HELLO, "the last message to edit")
        app.find("label", self.tr("Editing your last message · Escape cancels"))
        app.type("dk")  # 아, composing
        app.key("Escape")  # ibus-hangul commits it and turns to Latin mode
        self.wait_text(HELLO + "아", "the composition ended")
        self.assertTrue(app.find_all("label", self.tr("Editing your last message · Escape cancels")),
                        "Escape during a composition does not cancel the edit")
        app.key("Escape")
        self.wait_text("", "the edit cancelled")

    def test_ctrl_t_and_the_window_shortcuts_work_in_hangul_mode(self):
        app = self.start()
        self.hangul_mode(app)
        app.type("dk")  # composing
        self.open_and_close_the_tag_entry(app)
        app.key("ctrl+f")
        app.find("entry", self.tr("Search messages"))


class HangulWithTheKoreanTranslationTest(HangulTest):
    """Every Hangul test again with Natter in Korean: the catalogue changes every name and
    label, never what a key does."""

    locale = "ko_KR.UTF-8"


class JapaneseTest(InputMethodTestCase):
    """A second engine: ibus-anthy, whose Space converts kana to kanji inside the composition."""

    def japanese_mode(self, app):
        """Switches ibus-anthy to Hiragana (Zenkaku_Hankaku) and proves it with one kana; like
        ibus-hangul, the engine reaches the app a moment after `ibus engine` returns."""
        self.ibus.use("anthy")
        for _ in range(3):
            before = len(stored_bodies(app.data_dir))
            app.key("Zenkaku_Hankaku")
            app.type("a")
            app.key("Return")

            def outcome():
                bodies, text = stored_bodies(app.data_dir)[before:], text_of(self.message)
                if "あ" in bodies or text == "あ":
                    return "kana"
                return "latin" if "a" in bodies or text == "a" else None

            try:
                if wait_until(outcome, timeout=5, what="あ or a after Zenkaku_Hankaku") == "kana":
                    break
            except AssertionError:
                # The switch landed mid-way (a kana still composing): drop it and start over.
                app.key("Escape")
            app.key("ctrl+a", "Delete")
            self.wait_text("")
        else:
            self.fail("ibus-anthy never switched to Hiragana")
        if text_of(self.message) == "あ":
            app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir)[-1:] == ["あ"], what="あ sent")
        self.wait_text("")
        self.base = len(stored_bodies(app.data_dir))

    def test_space_converts_enter_commits_and_the_next_enter_sends(self):
        app = self.start()
        self.japanese_mode(app)
        app.type("nihongo")
        app.key("space")  # 日本語, still composing: no chip, no space, nothing sent
        app.type("desu")  # commits 日本語 and composes です
        app.key("Return")
        self.wait_text("日本語です", "Enter committed the conversion")
        self.assertEqual(self.sent(app), [], "the committing Enter also sent")
        app.key("Return")
        wait_until(lambda: self.sent(app) == ["日本語です"], what="日本語です sent once")
        self.wait_text("")

    def test_enter_commits_and_shift_enter_then_makes_a_line(self):
        # ibus-anthy keeps its composition on Shift+Enter (unlike ibus-hangul, which commits):
        # Japanese users commit with Enter first. Natter must not send on that Enter.
        app = self.start()
        self.japanese_mode(app)
        app.type("aiu")
        app.key("Return")
        self.wait_text("あいう", "Enter committed")
        app.key("shift+Return")
        self.wait_text("あいう\n", "Shift+Enter made a new line")
        self.assertEqual(self.sent(app), [])
        app.type("eo")
        app.key("Return", "Return")
        wait_until(lambda: self.sent(app) == ["あいう\nえお"], what="two lines sent")

    def test_escape_cancels_the_composition_only(self):
        app = self.start()
        self.japanese_mode(app)
        app.type("ka")
        app.key("Escape")  # ibus-anthy drops the preedit
        app.type("ki")
        app.key("Return", "Return")
        wait_until(lambda: self.sent(app) == ["き"], what="only き sent")


class PlainKeyboardThroughIBusTest(InputMethodTestCase):
    """The same keys with ibus running but no composing engine (issue 12: Enter, Shift+Enter,
    Ctrl+Enter, chips, Backspace, Up, Escape and Ctrl+T as without ibus)."""

    def test_enter_shift_enter_and_chips_through_ibus(self):
        app = self.start()
        self.ibus.use("xkb:us::eng")
        self.typing_reaches_natter(app)
        app.type("first")
        app.key("shift+Return")
        app.type("second #plain ")
        self.wait_text("first\nsecond ")
        app.find("push button", "#plain")
        app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir) == ["first\nsecond"], what="the message")
        self.wait_text("")

    def test_up_escape_backspace_and_ctrl_t_through_ibus(self):
        app = self.start()
        self.ibus.use("xkb:us::eng")
        self.typing_reaches_natter(app)
        app.type("#kept hellp")
        app.find("push button", "#kept")
        app.key("BackSpace")  # inside the text: the keyboard's, through ibus
        app.type("o")
        self.wait_text("hello")
        app.key("ctrl+a", "Delete")
        self.wait_text("")
        app.key("BackSpace")  # at the start: removes the chip
        wait_until(lambda: not app.find_all("push button", "#kept"), what="the chip removed")
        app.type("sent")
        app.key("Return")
        wait_until(lambda: stored_bodies(app.data_dir) == ["sent"], what="the message")
        app.key("Up")
        self.wait_text("sent", "the last message to edit")
        app.key("Escape")
        self.wait_text("", "the edit cancelled")
        self.open_and_close_the_tag_entry(app)
        self.assertEqual(stored_bodies(app.data_dir), ["sent"])

    def test_ctrl_enter_sends_with_the_preference_through_ibus(self):
        app = self.start(settings="[composer]\nsend-key=ctrl-enter\n")
        self.ibus.use("xkb:us::eng")
        self.typing_reaches_natter(app)
        app.type("one")
        app.key("Return")
        app.type("two")
        self.wait_text("one\ntwo", "Enter made a new line")
        self.assertEqual(stored_bodies(app.data_dir), [])
        app.key("ctrl+Return")
        wait_until(lambda: stored_bodies(app.data_dir) == ["one\ntwo"], what="the message")
        self.wait_text("")


if __name__ == "__main__":
    unittest.main()
