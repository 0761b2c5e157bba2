"""A scripted IRC server for what no Debian daemon offers: IRCv3 `draft/multiline`
(ircv3.net/specs/extensions/multiline), following the specification's own examples.

Usage: multiline_server.py PORT_FILE LOG_FILE [no-multiline]. Listens on 127.0.0.1 (a free
port, written to PORT_FILE once it listens) and appends every line a client writes to
LOG_FILE, the wire log. It offers `draft/multiline=max-bytes=4096,max-lines=24`,
`message-tags`, `batch`, `echo-message`, `labeled-response` and `server-time` (all but
the first with `no-multiline`, for the same test against a server without it), registers
any nickname, and joins any channel with `bob` in it.

- A PRIVMSG (or TAGMSG) is echoed as a real server does: the client's tags, a `msgid`
  (`m1`, `m2`, …), a `time` and, when labelled, its `label`.
- A `BATCH +ref draft/multiline <target>` is collected until `BATCH -ref` and then echoed as
  one batch under the server's own reference: the opening line with the client's tags,
  `msgid`, `time` and the `label` (only there, as the spec says), each line with `batch` and
  its `draft/multiline-concat`. A batch over `max-lines` or `max-bytes` is answered with
  `FAIL BATCH MULTILINE_MAX_LINES|MULTILINE_MAX_BYTES` instead.
- bob speaks on cue: write `<target>` on the first line and the message after it to
  `LOG_FILE + ".cue"` (write a temporary file and rename it, so it is read whole). bob's
  message goes to every connection as a `draft/multiline` batch (lines over 300 bytes
  continued with `draft/multiline-concat`), or as plain PRIVMSGs with `no-multiline`; the
  cue file is removed once sent.

A test starts it with `IRCTestCase.scripted_server("multiline_server.py")`, which gives the
port and LOG_FILE and kills it by its PID at the end; the wire log shows what Natter wrote.
"""

import datetime
import os
import socket
import sys
import threading
import time

from line_server import lines, split_tags

port_file, log_file = sys.argv[1], sys.argv[2]
multiline = sys.argv[3:] != ["no-multiline"]
MAX_BYTES, MAX_LINES = 4096, 24
CAPS = "message-tags batch echo-message labeled-response server-time"
if multiline:
    CAPS = f"draft/multiline=max-bytes={MAX_BYTES},max-lines={MAX_LINES} " + CAPS

lock = threading.Lock()
live = []  # the send function of each connection
counter = [0]


def next_id(prefix):
    with lock:
        counter[0] += 1
        return f"{prefix}{counter[0]}"


def now():
    moment = datetime.datetime.now(datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def tag_text(tags):
    return ";".join(f"{key}={value}" if value else key for key, value in tags.items())


def trailing(rest):
    """The last parameter of `PRIVMSG target :text` (or `PRIVMSG target text`)."""
    _, _, after = rest.partition(" ")
    target, _, text = after.partition(" ")
    return target, text[1:] if text.startswith(":") else text


def serve(conn):
    nick, batches = "*", {}
    # Registration ends once NICK and USER came and CAP negotiation, if it began, ended.
    user, negotiating, welcomed = False, False, False
    write_lock = threading.Lock()

    def send(line):
        with write_lock:
            try:
                conn.sendall(line.encode() + b"\r\n")
            except OSError:
                pass

    def echo_batch(tags, target, pieces):
        text = "".join(("" if concat or index == 0 else "\n") + piece
                       for index, (concat, piece) in enumerate(pieces))
        label = {"label": tags["label"]} if "label" in tags else {}
        if len(pieces) > MAX_LINES:
            send(f"@{tag_text(label)} :ml.test FAIL BATCH MULTILINE_MAX_LINES {MAX_LINES} "
                 ":Multiline batch max-lines exceeded" if label else
                 f":ml.test FAIL BATCH MULTILINE_MAX_LINES {MAX_LINES} :max-lines exceeded")
            return
        if len(text.encode()) > MAX_BYTES:
            send(f"@{tag_text(label)} :ml.test FAIL BATCH MULTILINE_MAX_BYTES {MAX_BYTES} "
                 ":Multiline batch max-bytes exceeded" if label else
                 f":ml.test FAIL BATCH MULTILINE_MAX_BYTES {MAX_BYTES} :max-bytes exceeded")
            return
        reference = next_id("s")
        opening = {key: value for key, value in tags.items() if key.startswith("+")}
        opening.update(label, msgid=next_id("m"), time=now())
        source = f"{nick}!{nick}@127.0.0.1"
        send(f"@{tag_text(opening)} :{source} BATCH +{reference} draft/multiline {target}")
        for concat, piece in pieces:
            extra = ";draft/multiline-concat" if concat else ""
            send(f"@batch={reference}{extra} :{source} PRIVMSG {target} :{piece}")
        send(f"BATCH -{reference}")

    def welcome():
        send(f":ml.test 001 {nick} :Welcome to the multiline test")
        send(f":ml.test 005 {nick} CHANTYPES=# PREFIX=(ov)@+ :are supported by this server")
        send(f":ml.test 422 {nick} :MOTD File is missing")

    with lock:
        live.append(send)
    for line in lines(conn):
        with open(log_file, "a") as log:
            log.write(line + "\n")
        tags, rest = split_tags(line)
        words = rest.split(" ")
        command = words[0].upper()
        if command == "CAP" and len(words) > 1 and words[1] == "LS":
            negotiating = True
            send(f":ml.test CAP * LS :{CAPS}")
        elif command == "CAP" and len(words) > 1 and words[1] == "END":
            negotiating = False
        elif command == "CAP" and len(words) > 1 and words[1] == "REQ":
            send(f":ml.test CAP * ACK :{rest.split(':', 1)[1]}")
        elif command == "NICK" and len(words) > 1:
            nick = words[1]
        elif command == "USER":
            user = True
        elif command == "PING" and len(words) > 1:
            send(f":ml.test PONG ml.test :{words[1]}")
        elif command == "JOIN" and len(words) > 1:
            for channel in words[1].split(","):
                send(f":{nick}!{nick}@127.0.0.1 JOIN {channel}")
                send(f":ml.test 353 {nick} = {channel} :{nick} bob")
                send(f":ml.test 366 {nick} {channel} :End of /NAMES list.")
        elif command == "BATCH" and len(words) > 3 and words[1].startswith("+"):
            batches[words[1][1:]] = (tags, words[3], [])
        elif command == "BATCH" and len(words) > 1 and words[1].startswith("-"):
            opened = batches.pop(words[1][1:], None)
            if opened:
                echo_batch(*opened)
        elif command == "PRIVMSG" and tags.get("batch") in batches:
            target, text = trailing(rest)
            batches[tags["batch"]][2].append(("draft/multiline-concat" in tags, text))
        elif command == "PRIVMSG":
            target, text = trailing(rest)
            echo = {key: value for key, value in tags.items() if key.startswith("+")}
            echo.update({"label": tags["label"]} if "label" in tags else {})
            echo.update(msgid=next_id("m"), time=now())
            send(f"@{tag_text(echo)} :{nick}!{nick}@127.0.0.1 PRIVMSG {target} :{text}")
        elif command == "TAGMSG" and len(words) > 1:
            echo = {key: value for key, value in tags.items() if key.startswith("+")}
            echo.update({"label": tags["label"]} if "label" in tags else {})
            echo.update(msgid=next_id("m"), time=now())
            send(f"@{tag_text(echo)} :{nick}!{nick}@127.0.0.1 TAGMSG {words[1]}")
        elif command == "QUIT":
            break
        if user and nick != "*" and not negotiating and not welcomed:
            welcomed = True
            welcome()
    with lock:
        live.remove(send)
    conn.close()


def bob_says(target, body):
    """bob's message to every connection: one batch, or plain lines without multiline."""
    pieces = []
    for line in body.split("\n"):
        first = True
        while len(line.encode()) > 300:
            cut = line.rfind(" ", 0, 300)
            cut = cut + 1 if cut > 0 else 300
            pieces.append((not first, line[:cut]))
            line, first = line[cut:], False
        pieces.append((not first, line))
    source, msgid = "bob!bob@127.0.0.1", next_id("m")
    if multiline:
        reference = next_id("b")
        out = [f"@msgid={msgid};time={now()} :{source} BATCH +{reference} draft/multiline "
               f"{target}"]
        out += [f"@batch={reference}{';draft/multiline-concat' if concat else ''} :{source} "
                f"PRIVMSG {target} :{piece}" for concat, piece in pieces]
        out.append(f"BATCH -{reference}")
    else:
        # What a server sends a client without the capability: no blank lines, the msgid first.
        out = [f"@{f'msgid={msgid};' if index == 0 else ''}time={now()} :{source} PRIVMSG "
               f"{target} :{piece}" for index, (_, piece) in enumerate(p for p in pieces if p[1])]
    with lock:
        sends = list(live)
    for send in sends:
        for line in out:
            send(line)


def watch_cues():
    cue = log_file + ".cue"
    while True:
        if os.path.exists(cue):
            with open(cue) as f:
                target, _, body = f.read().partition("\n")
            os.remove(cue)
            bob_says(target.strip(), body.rstrip("\n"))
        time.sleep(0.1)


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(4)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(port_file + ".tmp", port_file)
threading.Thread(target=watch_cues, daemon=True).start()
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
