"""Start-up (issue 19), read through the probe natter-bench uses: the first frame holds only the
transcript rows that fill its viewport, and the network is not touched before that frame."""

import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

import pyatspi

from natter_e2e import NATTER_BIN, NatterTestCase, wait_until


class Probe:
    """The FIFO natter writes `event <CLOCK_MONOTONIC µs> [detail...]` lines to."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="natter-probe-")
        self.path = os.path.join(self.directory, "probe")
        os.mkfifo(self.path)
        # Read-write and non-blocking: natter opens it for writing whenever it starts.
        self.fd = os.open(self.path, os.O_RDWR | os.O_NONBLOCK)
        self.buffer = b""
        self.events = {}

    def read(self):
        try:
            while chunk := os.read(self.fd, 65536):
                self.buffer += chunk
        except BlockingIOError:
            pass
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            name, *values = line.decode().split()
            self.events.setdefault(name, [int(value) for value in values])

    def wait(self, name, timeout=20):
        def arrived():
            self.read()
            return self.events.get(name)
        return wait_until(arrived, timeout=timeout, what=f"the probe's {name}")

    def close(self):
        os.close(self.fd)
        shutil.rmtree(self.directory, ignore_errors=True)


def history_lines(count, seed=19):
    """A history of usual chat: several senders, short and long bodies, some tags."""
    rng = random.Random(seed)
    words = "the a build window frame paint message history lunch review patch ok".split()
    start = time.time() - count * 60
    for index in range(count):
        length = rng.choice((2, 5, 12, 30, 80))
        record = {
            "id": f"start-{index:06d}",
            "sender": rng.choice(("ana", "bo", "cy")),
            "sent_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + index * 60)),
            "body": " ".join(rng.choice(words) for _ in range(length)),
        }
        if index % 7 == 0:
            record["tags"] = ["release"]
        yield json.dumps(record)


class StartupTest(NatterTestCase):
    def probe(self):
        probe = Probe()
        self.addCleanup(probe.close)
        return probe

    def test_the_first_frame_has_only_the_rows_that_fill_the_transcript(self):
        data = tempfile.mkdtemp(prefix="natter-e2e-")
        self.addCleanup(shutil.rmtree, data, ignore_errors=True)
        source = os.path.join(data, "history.jsonl")
        with open(source, "w") as out:
            out.write("\n".join(history_lines(3000)) + "\n")
        subprocess.run([NATTER_BIN, "--data-dir", data, "--import", source], check=True,
                       capture_output=True)
        probe = self.probe()
        self.start(data_dir=data, env={"NATTER_BENCH": probe.path})
        rows, covered, viewport = probe.wait("first-rows")[1:]
        self.assertGreater(viewport, 200, "the transcript has its height in the first frame")
        self.assertGreaterEqual(covered, viewport,
                                f"{rows} rows cover {covered} of {viewport} px: an empty band")
        # A 640 px window shows about 12 of these rows; the estimate may build a few more.
        self.assertLess(rows, 30, "rows below the fold were built before the first frame")

    def test_the_first_screens_text_for_the_bench_floor_is_what_the_frame_drew(self):
        # natter-bench's floor draws this file in the bare window (issue 32): it must be the
        # first frame's text, as markup Pango reads, with user text never read as markup.
        from gi.repository import Pango
        data = tempfile.mkdtemp(prefix="natter-e2e-")
        self.addCleanup(shutil.rmtree, data, ignore_errors=True)
        source = os.path.join(data, "history.jsonl")
        last = "a <b>not bold</b> & more at https://example.org/floor"
        with open(source, "w") as out:
            out.write("\n".join(history_lines(300)) + "\n")
            out.write(json.dumps({"id": "floor-last", "sender": "dee", "body": last,
                                  "sent_at": time.strftime("%Y-%m-%dT%H:%M:%SZ")}) + "\n")
        subprocess.run([NATTER_BIN, "--data-dir", data, "--import", source], check=True,
                       capture_output=True)
        probe = self.probe()
        text_file = os.path.join(probe.directory, "first-screen.markup")
        self.start(data_dir=data, env={"NATTER_BENCH": probe.path,
                                       "NATTER_BENCH_FIRST_TEXT": text_file})
        probe.wait("paint")
        def written():
            if not os.path.exists(text_file):
                return None
            with open(text_file) as written_file:
                return written_file.read()
        markup = wait_until(written, what="the first screen's text")
        ok, _, text, _ = Pango.parse_markup(markup, -1, "\0")
        self.assertTrue(ok)
        # The first frame holds the newest message (it once showed the oldest of its rows
        # at the top and the newest below the fold until the frame after).
        self.assertIn(last, text, "the newest message, its user text escaped, not markup")
        self.assertIn("dee", text)
        self.assertNotIn("Natter\n", text, "the header bar's title is the bare window's own")
        self.assertRegex(markup, r'<span font="[^"]*Bold[^"]*">dee</span>',
                         "the sender in the bold its style gives it")
        self.assertIn('underline="single"', markup, "the link as the label draws it")

    def test_the_sidebar_is_made_when_f9_first_shows_it(self):
        app = self.start()
        self.assertEqual(app.find_all("list", "Conversations"), [],
                         "without an account the sidebar is not there at start")
        app.key("F9")
        sidebar = app.find("list", "Conversations")
        names = wait_until(lambda: [item.name for item in pyatspi.findAllDescendants(
            sidebar, lambda a: a.getRoleName() == "list item")] or None, what="sidebar rows")
        self.assertEqual(names, ["Notes"])
        app.key("F9")
        wait_until(lambda: not app.find_all("list", "Conversations"), what="the sidebar hidden")

    def test_a_start_loads_neither_enchant_nor_libsecret(self):
        # Issue 32: they are opened when spelling starts (after the first frame) and when a
        # password is first needed. Linked, the loader brought them and libgcrypt in before
        # any of Natter ran.
        needed = subprocess.run(["readelf", "--dynamic", NATTER_BIN], check=True,
                                capture_output=True, text=True).stdout
        libraries = [line.split("[", 1)[1].rstrip("]") for line in needed.splitlines()
                     if "(NEEDED)" in line]
        self.assertIn("libgtk-4.so.1", libraries)
        self.assertFalse([name for name in libraries
                          if name.startswith(("libenchant", "libsecret", "libgcrypt"))],
                         libraries)

    def test_the_network_waits_for_the_first_frame(self):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        self.addCleanup(listener.close)
        port = listener.getsockname()[1]
        config = tempfile.mkdtemp(prefix="natter-e2e-config-")
        self.addCleanup(shutil.rmtree, config, ignore_errors=True)
        os.makedirs(os.path.join(config, "natter"))
        with open(os.path.join(config, "natter", "settings.ini"), "w") as settings:
            settings.write(f"[irc]\nurl=irc://tester@127.0.0.1:{port}/#natter\n")
        probe = self.probe()
        app = self.start(env={"NATTER_BENCH": probe.path, "XDG_CONFIG_HOME": config,
                              "NATTER_IRC_PASSWORD": ""})
        listener.settimeout(20)
        connection, _ = listener.accept()
        accepted = time.monotonic_ns() // 1000
        self.addCleanup(connection.close)
        painted = probe.wait("paint")[0]
        network = probe.wait("mark-network")[0]
        self.assertLess(painted, network, "the connection began before the first frame")
        self.assertLess(painted, accepted)
        # The Connection subtitle joins the header with the connection, after the first frame.
        connection_label = app.find("label", "Connection")
        wait_until(lambda: connection_label.description == "Connecting…",
                   what=f"the Connection subtitle (it says {connection_label.description!r})")


if __name__ == "__main__":
    unittest.main()
