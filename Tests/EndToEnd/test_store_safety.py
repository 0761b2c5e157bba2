"""Issue 13, the data-safety half: nothing the command line or a damaged disk does loses the
history, and whatever can be read is shown."""

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile

from natter_e2e import NATTER_BIN, NatterTestCase, wait_until


def natter(*args, input=None, user=None):
    command = [NATTER_BIN, *args]
    if user:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups",
                   *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, input=input)


def line(n, body=None, **extra):
    record = {"id": f"m{n}", "sender": "ann", "sent_at": f"2026-11-28T10:{n // 60 % 60:02}:{n % 60:02}Z",
              "body": body if body is not None else f"message number {n}", "tags": [], "edited": False}
    record.update(extra)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def labels(app):
    return [l.name or "" for l in app.find_all("label")]


def mount_permitted():
    probe = tempfile.mkdtemp(prefix="natter-mount-probe-")
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe],
                            capture_output=True).returncode == 0
        if ok:
            subprocess.run(["umount", probe])
        return ok
    finally:
        os.rmdir(probe)


class StoreSafetyTest(NatterTestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="natter-safety-")
        os.chmod(self.tmp, 0o755)
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def path(self, *names):
        return os.path.join(self.tmp, *names)

    def history(self, name, count=5):
        data = self.path(name)
        result = natter("--data-dir", data, "--import", "-",
                        input="".join(line(n) for n in range(1, count + 1)))
        self.assertEqual(result.returncode, 0, result.stderr)
        return data

    def assert_one_plain_sentence_per_line(self, stderr):
        for text in stderr.strip().splitlines():
            self.assertTrue(text.startswith("natter: "), text)
            self.assertTrue(text.endswith("."), text)
            self.assertNotIn("Error Domain", text)
            self.assertNotIn("NSCocoaErrorDomain", text)

    # Export

    def test_export_refuses_the_database_and_its_companions_even_through_symlinks(self):
        data = self.history("a")
        os.symlink(os.path.join(data, "natter.sqlite3"), self.path("backup.jsonl"))
        os.symlink(data, self.path("folder-link"))
        targets = [os.path.join(data, "natter.sqlite3"), os.path.join(data, "natter.sqlite3-wal"),
                   os.path.join(data, "natter.sqlite3-shm"), self.path("backup.jsonl"),
                   self.path("folder-link", "natter.sqlite3")]
        for target in targets:
            result = natter("--data-dir", data, "--export", target)
            self.assertEqual(result.returncode, 1, target)
            self.assertIn("is the message history itself", result.stderr)
            self.assert_one_plain_sentence_per_line(result.stderr)
        exported = natter("--data-dir", data, "--export", "-")
        self.assertEqual(exported.stdout.count("\n"), 5, "the history is intact")

    def test_export_replaces_the_target_through_a_temporary_file(self):
        data = self.history("b")
        target = self.path("out.jsonl")
        with open(target, "w") as f:
            f.write("old\n" * 10000)
        result = natter("--data-dir", data, "--export", target)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(target) as f:
            self.assertEqual(f.read().count("\n"), 5)
        self.assertEqual(sorted(os.listdir(self.tmp)), ["b", "out.jsonl"], "no temporary left")

    # Import

    def test_import_from_standard_input(self):
        data = self.path("c")
        result = natter("--data-dir", data, "--import", "-", input=line(1) + line(2))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Imported 2 messages from standard input", result.stderr)
        self.assertFalse(os.path.exists("-"))

    def test_import_names_every_line_the_composer_would_refuse_and_imports_nothing(self):
        source = self.path("bad.jsonl")
        with open(source, "w") as f:
            f.write(line(1) + line(2, body="x" * 10_000_000) + line(3, id=" ")
                    + line(4, tags=["two words"]) + line(5, tags=[f"t{n}" for n in range(10000)])
                    + line(6) + line(1, body="other content")
                    + line(8, sent_at="9999-12-31T23:30:00-01:00"))
        result = natter("--data-dir", self.path("d"), "--import", source)
        self.assertEqual(result.returncode, 1)
        self.assert_one_plain_sentence_per_line(result.stderr)
        for number in (2, 3, 4, 5, 7, 8):
            self.assertIn(f"natter: Line {number}: ", result.stderr)
        self.assertIn("also on line 1 with different content", result.stderr)
        self.assertIn("6 lines are not valid messages, so nothing was imported.", result.stderr)
        self.assertLess(len(result.stderr), 4000, "a 10 MB body is not echoed back")
        exported = natter("--data-dir", self.path("d"), "--export", "-")
        self.assertEqual(exported.stdout, "")

    def test_cli_errors_are_plain_sentences(self):
        for args in (["--import", self.path("missing.jsonl")],
                     ["--export", self.path("no-such-folder", "x.jsonl")],
                     ["--import", self.tmp]):
            result = natter("--data-dir", self.path("e"), *args)
            self.assertEqual(result.returncode, 1, args)
            self.assert_one_plain_sentence_per_line(result.stderr)

    def test_a_running_natter_shows_imported_messages_at_once(self):
        data = self.history("f", count=1)
        app = self.start(data_dir=data)
        wait_until(lambda: "message number 1" in labels(app), what="the stored message")
        result = natter("--data-dir", data, "--import", "-",
                        input=line(2, body="imported while running"))
        self.assertEqual(result.returncode, 0, result.stderr)
        wait_until(lambda: "imported while running" in labels(app), timeout=5,
                   what="the imported message in the running window")

    # Read-only history

    def test_another_users_history_exports(self):
        # Under a folder every user can reach (the runner's /tmp may be private to root).
        shared = tempfile.mkdtemp(prefix="natter-shared-", dir="/var/tmp")
        self.addCleanup(shutil.rmtree, shared, True)
        os.chmod(shared, 0o755)
        data = os.path.join(shared, "g")
        self.assertEqual(natter("--data-dir", data, "--import", "-",
                                input="".join(line(n) for n in range(1, 6))).returncode, 0)
        os.chmod(data, 0o755)
        result = natter("--data-dir", data, "--export", "-", user=65534)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count("\n"), 5)
        refused = natter("--data-dir", data, "--import", "-", input=line(9), user=65534)
        self.assertEqual(refused.returncode, 1)
        self.assert_one_plain_sentence_per_line(refused.stderr)

    def test_a_read_only_mount_shows_the_history_with_a_banner(self):
        if not mount_permitted():
            self.skipTest("needs permission to mount")
        data = self.history("h")
        subprocess.run(["mount", "--bind", data, data], check=True)
        self.addCleanup(subprocess.run, ["umount", "-l", data])
        subprocess.run(["mount", "-o", "remount,ro,bind", data], check=True)
        app = self.start(data_dir=data)
        app.find("panel", "Notice")
        wait_until(lambda: any("the 5 saved messages are shown read-only" in l
                               for l in labels(app)), what="the read-only banner")
        wait_until(lambda: all(f"message number {n}" in labels(app) for n in range(1, 6)),
                   what="all five stored messages")
        exported = natter("--data-dir", data, "--export", "-")
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertEqual(exported.stdout.count("\n"), 5)

    # Damage

    def damage_two_leaves(self, data):
        """Overwrites two leaf pages of the messages table; returns how many rows they held."""
        db = os.path.join(data, "natter.sqlite3")
        connection = sqlite3.connect(db)
        leaves = connection.execute(
            "SELECT pageno, ncell FROM dbstat WHERE name = 'messages' AND pagetype = 'leaf' "
            "ORDER BY pageno").fetchall()
        damaged = [leaves[len(leaves) // 2], leaves[len(leaves) // 2 + 1]]
        lost = sum(cells for _, cells in damaged)
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        connection.close()
        with open(db, "r+b") as f:
            for page, _ in damaged:
                f.seek((page - 1) * page_size)
                f.write(bytes((i * 31 + 7) % 256 for i in range(page_size)))
        self.assertGreater(lost, 0)
        return lost

    def test_damaged_pages_behind_a_valid_header_are_moved_aside_and_salvaged(self):
        data = self.history("i", count=3000)
        lost = self.damage_two_leaves(data)
        app = self.start(data_dir=data)
        banner = wait_until(lambda: next((l for l in labels(app) if "were saved" in l), None),
                            timeout=60, what="the damage banner with the salvaged count")
        saved = int(banner.split("the ")[1].split(" messages")[0])
        # Exactly the messages on the two damaged pages are lost; every other one is saved.
        self.assertEqual(saved, 3000 - lost, banner)
        aside = [n for n in os.listdir(data) if n.startswith("natter.sqlite3.corrupt-")
                 and not n.endswith(("-wal", "-shm"))]
        self.assertEqual(len(aside), 1, os.listdir(data))
        exported = natter("--data-dir", data, "--export", "-")
        self.assertEqual(exported.stdout.count("\n"), saved)
        app.type("after the damage")
        app.key("Return")
        wait_until(lambda: "after the damage" in labels(app), what="a message sent afterwards")
        self.assertEqual(natter("--data-dir", data, "--export", "-").stdout.count("\n"), saved + 1)

    def test_export_of_a_damaged_history_salvages_it_first(self):
        data = self.history("l", count=3000)
        lost = self.damage_two_leaves(data)
        result = natter("--data-dir", data, "--export", "-")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count("\n"), 3000 - lost)
        self.assertIn(f"the {3000 - lost} messages that could be read were saved", result.stderr)

    # One instance

    def test_a_second_launch_with_another_folder_refuses(self):
        first = self.path("j")
        app = self.start(data_dir=first)
        other = natter("--data-dir", self.path("k"))
        self.assertEqual(other.returncode, 1, other.stderr)
        self.assertIn("already running with the data folder " + os.path.realpath(first),
                      other.stderr)
        self.assert_one_plain_sentence_per_line(other.stderr)
        self.assertFalse(os.path.exists(self.path("k", "natter.sqlite3")))
        same = natter("--data-dir", first + "/")
        self.assertEqual(same.returncode, 0, same.stderr)
        self.assertIsNone(app.process.poll(), "the first instance keeps running")


if __name__ == "__main__":
    import unittest
    unittest.main()
