"""A scripted IRC server for what a real one cannot do on demand: SASL PLAIN that dies midway.

Usage: fake_sasl_server.py PORT_FILE LOG_FILE [never-die]. Listens on 127.0.0.1 (a free port, written to
PORT_FILE), and for each client: offers `sasl`, asks for the PLAIN payload, records every line
it receives in LOG_FILE, then closes the socket without answering (the first time) or completes
SASL and registration (after that), so the client's retry can be seen to work.
"""

import socket
import sys

from line_server import lines

port_file, log_file = sys.argv[1], sys.argv[2]
never_die = sys.argv[3:] == ["never-die"]
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(4)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
import os
os.rename(port_file + ".tmp", port_file)

attempt = 0
while True:
    conn, _ = listener.accept()
    attempt += 1
    nick = "*"
    with conn, open(log_file, "a") as log:
        def send(line):
            conn.sendall(line.encode() + b"\r\n")
        for line in lines(conn):
            log.write(f"{attempt} {line}\n")
            log.flush()
            if line.startswith("CAP LS"):
                send(":fake.test CAP * LS :sasl message-tags")
            elif line.startswith("CAP REQ"):
                send(":fake.test CAP * ACK :" + line.split(":", 1)[1])
            elif line.startswith("NICK "):
                nick = line.split()[1]
            elif line == "AUTHENTICATE PLAIN":
                send("AUTHENTICATE +")
            elif line.startswith("AUTHENTICATE "):
                if attempt == 1 and not never_die:
                    break  # dies midway: the payload arrived, no answer ever comes
                send(f":fake.test 900 {nick} {nick}!u@h alice :You are now logged in")
                send(f":fake.test 903 {nick} :SASL authentication successful")
            elif line == "CAP END":
                send(f":fake.test 001 {nick} :Welcome")
                send(f":fake.test 005 {nick} CHANTYPES=# :are supported")
            elif line.startswith("JOIN "):
                channel = line.split()[1]
                send(f":{nick}!u@h JOIN {channel}")
                send(f":fake.test 366 {nick} {channel} :End of /NAMES list.")
