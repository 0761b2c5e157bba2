"""A short, realistic conversation dated relative to now, for screenshots."""

import datetime
import json
import uuid

CONVERSATION = [
    (-1, "09:12", "alice", "Morning! Did anyone try the GTK 4.8 list view with a big history?", []),
    (-1, "09:14", "bob", "Yes: a million rows scroll like ten when the model pages from SQLite.", ["perf"]),
    (-1, "09:15", "bob", "Numbers are in the bench table.", []),
    (0, "10:02", "carol", "Release notes draft: https://natter.org/notes/0.2", ["release"]),
    (0, "10:03", "carol", "Bodies are plain text, so <b>this</b> & that stay literal.", []),
    (0, "10:21", "alice", "Composer grows to three lines, then scrolls. Enter sends, Shift+Enter breaks the line.", ["composer", "keyboard"]),
]


def lines(now=None):
    now = now or datetime.datetime.now()
    for index, (day, clock, sender, body, tags) in enumerate(CONVERSATION):
        hour, minute = map(int, clock.split(":"))
        local = (now + datetime.timedelta(days=day)).replace(hour=hour, minute=minute, second=0,
                                                             microsecond=0)
        utc = local.astimezone(datetime.timezone.utc)
        yield json.dumps({
            "id": str(uuid.UUID(int=index + 1)), "sender": sender,
            "sent_at": utc.strftime("%Y-%m-%dT%H:%M:%SZ"), "body": body, "tags": tags,
            "edited": index == 5,
        }, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    for line in lines():
        print(line)
