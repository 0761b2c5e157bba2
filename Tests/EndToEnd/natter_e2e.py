"""Drive the real natter binary as a user would: keys through xdotool, state through AT-SPI.

Run inside a session bus and an X server (meson-helpers/test.sh does both). NATTER_BIN names
the binary under test.
"""

import gettext
import os
import shutil
import subprocess
import tempfile
import time
import unittest

import pyatspi

NATTER_BIN = os.environ.get("NATTER_BIN", ".build/debug/natter")


def wait_until(predicate, timeout=10.0, interval=0.05, what="condition"):
    """Polls predicate until it returns a true value, which is returned; fails after timeout."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # AT-SPI objects vanish while the tree changes
            last_error = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}"
                         + (f" (last error: {last_error})" if last_error else ""))


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def states(accessible):
    return set(accessible.getState().getStates())


def is_sensitive(accessible):
    return pyatspi.STATE_SENSITIVE in states(accessible)


def is_focused(accessible):
    return pyatspi.STATE_FOCUSED in states(accessible)


def on_screen(accessible):
    """GTK 4.8 never reports `showing`: a widget is on screen when it and every ancestor up to
    its window are visible."""
    while accessible is not None and accessible.getRoleName() != "application":
        if pyatspi.STATE_VISIBLE not in states(accessible):
            return False
        accessible = accessible.parent
    return True


def focus_key(root):
    """Which widget under `root` has the keyboard focus, as a comparable value."""
    focused = pyatspi.findDescendant(root, is_focused, True)
    if focused is None:
        return None
    parent = focused.parent
    return (focused.getRoleName(), focused.name, focused.getIndexInParent(),
            parent.getRoleName() if parent is not None else None)


def press_moving_focus(app, key, root):
    """Presses `key` and waits until the focus under `root` has moved (Tab, Shift+Tab)."""
    before = focus_key(root)
    app.key(key)
    wait_until(lambda: focus_key(root) != before, what=f"{key} to move the focus")


def text_of(accessible):
    text = accessible.queryText()
    return text.getText(0, -1)


def catalogue(language):
    """Natter's own translation function for `language` (`ko`), from the catalogues test.sh
    compiles next to the binary, to find widgets by their translated names."""
    directory = os.environ.get("NATTER_LOCALE_DIR") or os.path.join(
        os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(NATTER_BIN)))), "locale")
    return gettext.translation("natter", localedir=directory, languages=[language]).gettext


class NatterApp:
    """One running natter process with its own data directory."""

    # Milliseconds between synthesised keys: faster than anyone types, which most tests want.
    key_delay_ms = 20

    def __init__(self, data_dir=None, args=(), env=None):
        self.owns_data_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="natter-e2e-")
        environment = dict(os.environ)
        # Settings are the runner's own unless a test gives some: a "Ctrl+Enter sends" in the
        # runner's real settings.ini must not change what Enter does here.
        self.config_dir = tempfile.mkdtemp(prefix="natter-e2e-config-")
        environment["XDG_CONFIG_HOME"] = self.config_dir
        environment.update(env or {})
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [NATTER_BIN, "--data-dir", self.data_dir, *args],
            # A file, not a pipe: nobody reads a pipe until exit, and a chatty run would fill it
            # and stall the app.
            stdout=self.log, stderr=subprocess.STDOUT, env=environment)
        self.accessible_app = wait_until(self._find_app, timeout=20, what="natter on AT-SPI")
        self.window = wait_until(self._find_window, timeout=20, what="the Natter window")
        self.focus_window()

    def _find_app(self):
        if self.process.poll() is not None:
            raise AssertionError(f"natter exited early with {self.process.returncode}: "
                                 + self.output())
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    def _find_window(self):
        for child in self.accessible_app:
            if child.getRoleName() == "frame" and child.name == "Natter":
                return child
        return None

    def output(self):
        """What the app printed so far (stdout and stderr), all of it once closed."""
        if self.log.closed:
            return self.closed_output
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def criticals(self):
        """The GLib and GTK criticals the app logged so far: each is a bug of ours (a layout
        GTK cannot honour, a signal on a dead object) even when nothing on screen shows it."""
        return [line for line in self.output().splitlines() if "-CRITICAL **" in line]

    def focus_window(self):
        """Gives the X window keyboard focus; Xvfb runs no window manager to do it."""
        output = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
            check=True, capture_output=True, text=True).stdout.split()
        window_id = output[-1]
        xdotool("windowfocus", "--sync", window_id)
        xdotool("mousemove", "--window", window_id, "200", "200")

    def find(self, role, name, timeout=10.0):
        """The first widget with this AT-SPI role name and accessible name."""
        def search():
            return pyatspi.findDescendant(
                self.window, lambda a: a.getRoleName() == role and a.name == name,
                True)
        return wait_until(search, timeout=timeout, what=f"{role} '{name}'")

    def find_all(self, role, name=None):
        return pyatspi.findAllDescendants(
            self.window,
            lambda a: a.getRoleName() == role and (name is None or a.name == name))

    def type(self, text):
        xdotool("type", "--delay", str(self.key_delay_ms), "--", text)

    def key(self, *keys):
        xdotool("key", "--delay", str(max(30, self.key_delay_ms)), *keys)

    def wait_exit(self, timeout):
        return self.process.wait(timeout=timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if not self.log.closed:
            # Kept for checks after a test closes the app itself (a restart, a crash).
            self.closed_output = self.output()
            self.log.close()
        if self.owns_data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
        shutil.rmtree(self.config_dir, ignore_errors=True)


def app_with_settings(text):
    """Natter as alice with `text` as its settings.ini, in a config folder of its own: for
    the screenshot scripts, which set a style and networks before the window opens."""
    config = tempfile.mkdtemp(prefix="natter-shot-config-")
    os.makedirs(os.path.join(config, "natter"))
    with open(os.path.join(config, "natter", "settings.ini"), "w") as f:
        f.write(text)
    return NatterApp(env={"NATTER_USER_NAME": "alice", "XDG_CONFIG_HOME": config})


class NatterTestCase(unittest.TestCase):
    """Starts a fresh natter per test and always stops it."""

    def start(self, **kwargs):
        app = NatterApp(**kwargs)
        self.addCleanup(app.close)
        # Cleanups run last-in first-out: this reads the log before `close` discards it.
        self.addCleanup(self.assert_no_criticals, app)
        return app

    def assert_no_criticals(self, app):
        criticals = app.criticals()
        self.assertEqual(criticals, [], f"natter logged {len(criticals)} criticals")
