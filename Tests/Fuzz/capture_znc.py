#!/usr/bin/python3
"""Captures what a real ZNC sends a client into Tests/Fuzz/corpus/irc-session and irc-line
(issue 30: the seed corpus holds real captures from InspIRCd and ZNC sessions).

Starts Debian's InspIRCd and ZNC on loopback (the end-to-end tests' own helpers), signs in to
ZNC as alice/net1 with the capabilities Natter asks for, lets bob talk in #natter and in
private, detaches, lets bob talk again, attaches again for ZNC's playback (server-time and
batches), and writes every line received, in order, as one session file; the distinct
commands' first lines become line seeds. Run it again by hand when ZNC's behaviour matters:

    /usr/bin/python3 Tests/Fuzz/capture_znc.py
"""

import os
import re
import socket
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "EndToEnd"))

from irc_server import IRCClient, IRCServer, ZNCBouncer  # noqa: E402

CAPS = ("server-time", "batch", "message-tags", "echo-message", "multi-prefix", "away-notify",
        "account-notify", "extended-join", "chghost", "cap-notify", "znc.in/playback")


class Attached:
    """A raw client of ZNC that keeps every line it reads."""

    def __init__(self, port, password):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""
        self.lines = []
        self.send(f"PASS alice/net1:{password}")
        self.send("CAP LS 302")
        self.send("NICK alice")
        self.send("USER alice 0 * :Alice")
        caps = self.wait(lambda line: " CAP " in line and " LS " in line)
        offered = set(re.sub(r"=\S*", "", caps.split(" :", 1)[1]).split())
        self.send("CAP REQ :" + " ".join(cap for cap in CAPS if cap in offered))
        self.wait(lambda line: " CAP " in line and (" ACK " in line or " NAK " in line))
        self.send("CAP END")
        self.wait(lambda line: " 001 " in line)

    def send(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def read(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return
            if not data:
                return
            self.buffer += data
            while b"\r\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\r\n", 1)
                if line.startswith(b"PING "):
                    self.send("PONG " + line[5:].decode(errors="replace"))
                self.lines.append(line)

    def wait(self, predicate, timeout=20):
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for line in self.lines[seen:]:
                text = line.decode(errors="replace")
                if predicate(text):
                    return text
            seen = len(self.lines)
            self.read(0.1)
        raise SystemExit(f"ZNC never sent the line awaited; last: {self.lines[-5:]}")

    def close(self):
        self.send("QUIT :detaching")
        self.read(0.5)
        self.sock.close()


def main():
    server = IRCServer()
    try:
        bob = IRCClient(server.port, "bob")
        bob.send("JOIN #natter")
        bob.wait_for(lambda line: " 366 " in line, what="bob in #natter")
        znc = ZNCBouncer({"net1": (server, ["#natter"])})
        try:
            bob.wait_for(lambda line: re.search(r":alice!\S+ JOIN :?#natter", line),
                         what="ZNC's alice in #natter", timeout=20)
            first = Attached(znc.port, znc.password)
            first.wait(lambda line: " 366 " in line)
            bob.send("PRIVMSG #natter :hello through the bouncer")
            bob.send("PRIVMSG #natter :\x01ACTION waves\x01")
            bob.send("NOTICE #natter :a notice")
            bob.send("PRIVMSG alice :a private word")
            bob.send("TOPIC #natter :a topic \x02bold\x02 \x0304red\x03")
            first.send("PRIVMSG #natter :alice answers")
            first.wait(lambda line: "alice answers" in line)
            first.read(1)
            first.close()
            bob.send("PRIVMSG #natter :while away one")
            bob.send("PRIVMSG #natter :while away two #later")
            bob.send("PRIVMSG alice :private while away")
            bob.send("PING :relayed")
            bob.wait_for(lambda line: " PONG " in line and "relayed" in line, what="PONG")
            second = Attached(znc.port, znc.password)
            second.wait(lambda line: "private while away" in line)
            second.send("PRIVMSG *status :ListNetworks")
            second.read(1.5)
            second.close()
        finally:
            znc.close()
        bob.close()
    finally:
        server.close()

    session = first.lines + second.lines
    corpus = os.path.join(HERE, "corpus")
    with open(os.path.join(corpus, "irc-session", "znc-session"), "wb") as f:
        f.write(b"\n".join(session) + b"\n")
    seen = set()
    count = 0
    for line in session:
        words = line.split(b" ")
        command = words[2 if line.startswith(b"@") else 1] if len(words) > 2 else b""
        if command in seen:
            continue
        seen.add(command)
        with open(os.path.join(corpus, "irc-line", f"znc-{count:02}"), "wb") as f:
            f.write(line)
        count += 1
    print(f"{len(session)} lines captured, {count} line seeds")


if __name__ == "__main__":
    main()
