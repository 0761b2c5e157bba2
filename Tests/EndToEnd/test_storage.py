"""History on disk as a user meets it: import, export, damage, read-only, a second instance."""

import os
import subprocess
import tempfile

from natter_e2e import NATTER_BIN, NatterTestCase, wait_until

LINES = (
    '{"id":"m1","sender":"ann","sent_at":"2026-11-28T10:00:00Z",'
    '"body":"hello <b>x</b> & https://example.org","tags":["swift"],"edited":false}\n'
    '{"id":"m2","sender":"bob","sent_at":"2026-11-29T10:00:00.250Z",'
    '"body":"line one\\nline two \\"quoted\\" é","tags":[],"edited":true}\n'
)


def natter(*args):
    return subprocess.run([NATTER_BIN, *args], capture_output=True, text=True, timeout=60)


def lock_is_held(path, pid):
    """Whether process `pid` holds the flock on `path`, read from /proc/locks: taking the lock
    to test it could make a starting instance believe another one runs."""
    try:
        inode = os.stat(path).st_ino
    except FileNotFoundError:
        return False
    with open("/proc/locks") as locks:
        for line in locks:
            fields = line.split()
            if "FLOCK" in fields and str(pid) in fields and any(
                    field.endswith(f":{inode}") for field in fields):
                return True
    return False


class StorageTest(NatterTestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="natter-storage-")
        self.addCleanup(self.tmp.cleanup)
        self.dir = self.tmp.name

    def path(self, name):
        return os.path.join(self.dir, name)

    def test_import_export_round_trip_gives_identical_bytes(self):
        source = self.path("in.jsonl")
        with open(source, "w") as f:
            f.write(LINES)
        first = natter("--data-dir", self.path("a"), "--import", source)
        self.assertEqual(first.returncode, 0, first.stderr)
        self.assertIn("Imported 2 messages", first.stderr)
        again = natter("--data-dir", self.path("a"), "--import", source)
        self.assertIn("2 were already there", again.stderr)
        exported = natter("--data-dir", self.path("a"), "--export", "-")
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertEqual(exported.stdout, LINES)
        to_file = natter("--data-dir", self.path("a"), "--export", self.path("out.jsonl"))
        self.assertEqual(to_file.returncode, 0, to_file.stderr)
        natter("--data-dir", self.path("b"), "--import", self.path("out.jsonl"))
        second = natter("--data-dir", self.path("b"), "--export", "-")
        self.assertEqual(second.stdout, LINES)

    def test_escaped_input_is_exported_in_canonical_form(self):
        source = self.path("escaped.jsonl")
        with open(source, "w") as f:
            f.write(LINES.replace("é", "\\u00e9"))
        natter("--data-dir", self.path("h"), "--import", source)
        self.assertEqual(natter("--data-dir", self.path("h"), "--export", "-").stdout, LINES)

    def test_an_invalid_line_is_named_and_nothing_is_imported(self):
        source = self.path("bad.jsonl")
        with open(source, "w") as f:
            f.write(LINES + '{"id":"m3","sender":"x"}\n')
        result = natter("--data-dir", self.path("c"), "--import", source)
        self.assertEqual(result.returncode, 1)
        self.assertIn("Line 3: ", result.stderr)
        exported = natter("--data-dir", self.path("c"), "--export", "-")
        self.assertEqual(exported.stdout, "", "nothing was imported")

    def test_imported_history_shows_in_the_window(self):
        source = self.path("in.jsonl")
        with open(source, "w") as f:
            f.write(LINES)
        natter("--data-dir", self.path("d"), "--import", source)
        app = self.start(data_dir=self.path("d"))
        app.find("list", "Messages")
        wait_until(lambda: any("hello <b>x</b> & https://example.org" in (l.name or "")
                               or "example.org" in (l.name or "")
                               for l in app.find_all("label")),
                   what="the imported message, shown as plain text")

    def test_a_corrupt_history_is_moved_aside_with_a_banner(self):
        data = self.path("e")
        os.makedirs(data)
        garbage = b"this is not a database" * 100
        with open(os.path.join(data, "natter.sqlite3"), "wb") as f:
            f.write(garbage)
        app = self.start(data_dir=data)
        banner = app.find("panel", "Notice")
        self.assertTrue(any("damaged" in (l.name or "") for l in app.find_all("label")))
        aside = [n for n in os.listdir(data) if n.startswith("natter.sqlite3.corrupt-")]
        self.assertEqual(len(aside), 1, os.listdir(data))
        with open(os.path.join(data, aside[0]), "rb") as f:
            self.assertEqual(f.read(), garbage, "the damaged file is kept, never deleted")
        self.assertIsNotNone(banner)
        app.type("still works")
        app.key("Return")
        wait_until(lambda: any("still works" in (l.name or "") for l in app.find_all("label")),
                   what="a message sent on the fresh history")

    def test_a_read_only_data_directory_gives_a_banner_not_a_crash(self):
        data = self.path("f")
        os.makedirs(data)
        # Root ignores permission bits, so make the data "directory" unusable another way:
        # a path below a regular file can never be created.
        blocker = self.path("file")
        with open(blocker, "w") as f:
            f.write("x")
        app = self.start(data_dir=os.path.join(blocker, "natter"))
        app.find("panel", "Notice")
        self.assertTrue(any("will not be saved" in (l.name or "")
                            for l in app.find_all("label")))
        app.type("unsaved but sent")
        app.key("Return")
        wait_until(lambda: any("unsaved but sent" in (l.name or "")
                               for l in app.find_all("label")),
                   what="the message shown in the unsaved session")
        self.assertIsNone(app.process.poll())

    def test_without_a_session_bus_a_second_instance_refuses(self):
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent",
                   NO_AT_BRIDGE="1")
        data = self.path("g")
        first = subprocess.Popen([NATTER_BIN, "--data-dir", data], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(lambda: (first.kill(), first.wait()))
        wait_until(lambda: lock_is_held(os.path.join(data, "natter.lock"), first.pid),
                   what="the first instance to hold the data directory's lock")
        second = subprocess.run([NATTER_BIN, "--data-dir", data], env=env,
                                capture_output=True, text=True, timeout=20)
        self.assertEqual(second.returncode, 1)
        self.assertIn("already using", second.stderr)
        self.assertIsNone(first.poll(), "the first instance keeps running")


if __name__ == "__main__":
    import unittest
    unittest.main()
