#!/usr/bin/env python3
"""Writes COUNT chat messages as Natter's JSON Lines exchange format to stdout, deterministically.

Usage: make-history.py COUNT > history.jsonl; then `natter --import history.jsonl`.
Four senders, one message a minute ending now-ish, bodies of 3 to 40 words, a tag on one in
ten, so rows wrap and group the way a real history does.
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone

WORDS = ("the a build test release window frame paint message history chat natter tag "
         "lunch later today tomorrow meeting review fix bug patch merge deploy coffee "
         "thanks sure why how when link https://example.org/page ok yes no maybe").split()
SENDERS = ("alice", "bob", "carol", "me")
TAGS = ("release", "bug", "lunch", "review", "ops")


def main():
    count = int(sys.argv[1])
    rng = random.Random(8)
    end = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
    start = end - timedelta(minutes=count)
    out = sys.stdout
    for n in range(count):
        sent = start + timedelta(minutes=n, seconds=rng.randrange(60))
        record = {
            "id": f"bench-{n:07d}",
            "sender": SENDERS[rng.randrange(4)],
            "sent_at": sent.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40))),
        }
        if n % 10 == 0:
            record["tags"] = [TAGS[rng.randrange(5)]]
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
