"""A scripted IRC server for what no Debian daemon offers: IRCv3 `draft/chathistory`
(InspIRCd 3 and ZNC 1.8 have no CHATHISTORY). It follows the specification's own examples
(ircv3.net/specs/extensions/chathistory): `CHATHISTORY LATEST|BEFORE <target> <* |
timestamp=…> <limit>` answered with a `chathistory` batch of PRIVMSGs, each with its `msgid`
and `time`, oldest first; an empty batch when there is nothing.

Runs in a thread of the test: one channel, `#hist`, with `count` messages from bob, a second
apart; every line a client writes is kept in `received`, and `add(text)` speaks a new one.
"""

import datetime
import socket
import threading
import time

from line_server import lines, split_tags


def stamp(seconds):
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_stamp(text):
    moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")
    return moment.replace(tzinfo=datetime.timezone.utc).timestamp()


class HistoryServer:
    START = 1_780_000_000  # a fixed second in 2026, so times are the same in every run

    def __init__(self, count=300, channel="#hist", delay=0.0):
        """`delay`: seconds before each page is answered, so a test can see it load."""
        self.channel = channel
        self.delay = delay
        self.messages = [(f"h{n}", self.START + n, "bob", f"history {n}") for n in range(count)]
        self.received = []
        self.lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.connection = None
        self.closed = False
        self.batch = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, nick, channels=None, tls=False):
        return f"irc://{nick}@127.0.0.1:{self.port}/{','.join(channels or [self.channel])}"

    def requests(self):
        with self.lock:
            return [line for line in self.received if line.startswith("CHATHISTORY")]

    def close(self):
        self.closed = True
        for closing in (self.connection, self.listener):
            try:
                closing.close()
            except OSError:
                pass

    def drop(self):
        """Ends the client's connection, as a network failure would."""
        if self.connection:
            self.connection.shutdown(socket.SHUT_RDWR)

    def add(self, text):
        """bob says `text` while no client is attached (it is kept as history)."""
        with self.lock:
            n = len(self.messages)
            self.messages.append((f"h{n}", self.messages[-1][1] + 1, "bob", text))

    def _accept(self):
        while not self.closed:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connection = connection
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection):
        nick = "*"

        def send(line):
            try:
                connection.sendall(line.encode() + b"\r\n")
            except OSError:
                pass

        for line in lines(connection):
            with self.lock:
                self.received.append(line)
            tags, line = split_tags(line)
            words = line.split(" ")
            command = words[0].upper()
            if command == "CAP" and words[1] == "LS":
                send(":hist.test CAP * LS :batch draft/chathistory message-tags server-time "
                     "echo-message labeled-response")
            elif command == "CAP" and words[1] == "REQ":
                send(f":hist.test CAP * ACK :{line.split(':', 1)[1]}")
            elif command == "NICK":
                nick = words[1]
            elif command == "USER":
                send(f":hist.test 001 {nick} :Welcome to the history test")
                send(f":hist.test 005 {nick} CHATHISTORY=100 MSGREFTYPES=timestamp,msgid "
                     "CHANTYPES=# :are supported by this server")
                send(f":hist.test 422 {nick} :MOTD File is missing")
            elif command == "PING":
                send(f":hist.test PONG hist.test :{words[1]}")
            elif command == "JOIN":
                send(f":{nick}!{nick}@127.0.0.1 JOIN {words[1]}")
                send(f":hist.test 353 {nick} = {words[1]} :{nick} bob")
                send(f":hist.test 366 {nick} {words[1]} :End of /NAMES list.")
            elif command == "CHATHISTORY":
                self._history(send, words[1:])
            elif command == "PRIVMSG":
                target, text = words[1], line.split(" :", 1)[1]
                with self.lock:
                    n = len(self.messages)
                    when = self.messages[-1][1] + 1
                    self.messages.append((f"h{n}", when, nick, text))
                echo = f"msgid=h{n};time={stamp(when)}"
                if "label" in tags:
                    echo += f";label={tags['label']}"
                send(f"@{echo} :{nick}!{nick}@127.0.0.1 PRIVMSG {target} :{text}")
            elif command == "QUIT":
                connection.close()
                return

    def _history(self, send, arguments):
        subcommand, target, reference, limit = arguments[0].upper(), arguments[1], arguments[2], \
            int(arguments[3])
        with self.lock:
            messages = list(self.messages)
        if reference == "*":
            chosen = messages[-limit:] if subcommand == "LATEST" else []
        else:
            moment = parse_stamp(reference.split("=", 1)[1])
            if subcommand == "LATEST":
                chosen = [m for m in messages if m[1] > moment][-limit:]
            else:  # BEFORE
                chosen = [m for m in messages if m[1] < moment][-limit:]
        if subcommand == "BEFORE" and self.delay:
            time.sleep(self.delay)
        self.batch += 1
        batch = f"hist{self.batch}"
        send(f":hist.test BATCH +{batch} chathistory {target}")
        for msgid, when, sender, text in chosen:
            send(f"@batch={batch};msgid={msgid};time={stamp(when)} "
                 f":{sender}!{sender}@127.0.0.1 PRIVMSG {target} :{text}")
        send(f":hist.test BATCH -{batch}")
