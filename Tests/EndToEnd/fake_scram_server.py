"""A scripted IRC server for SASL SCRAM-SHA-256, which Debian's Atheme does not offer.

Usage: fake_scram_server.py PORT_FILE LOG_FILE PASSWORD [wrong-signature]. Listens on
127.0.0.1 (a free port, written to PORT_FILE), offers `sasl=SCRAM-SHA-256,PLAIN`, and runs
RFC 5802/7677's exchange for whatever nonce the client sends: it checks the client's proof
against PASSWORD and answers with its own signature (a wrong one with `wrong-signature`).
Every line it receives goes to LOG_FILE.
"""

import base64
import hashlib
import hmac
import os
import socket
import sys

from line_server import lines

port_file, log_file, password = sys.argv[1], sys.argv[2], sys.argv[3]
wrong_signature = sys.argv[4:] == ["wrong-signature"]
SALT, ITERATIONS = b"natter-test-salt", 4096

listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(4)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(port_file + ".tmp", port_file)


def b64(data):
    return base64.b64encode(data).decode()


def keys():
    salted = hashlib.pbkdf2_hmac("sha256", password.encode(), SALT, ITERATIONS)
    client_key = hmac.new(salted, b"Client Key", hashlib.sha256).digest()
    server_key = hmac.new(salted, b"Server Key", hashlib.sha256).digest()
    return client_key, server_key


while True:
    conn, _ = listener.accept()
    nick, first_bare, server_first, mechanism = "*", None, None, None
    with conn, open(log_file, "a") as log:
        def send(line):
            conn.sendall(line.encode() + b"\r\n")

        def fail():
            send(f":fake.test 904 {nick} :SASL authentication failed")

        for line in lines(conn):
            log.write(line + "\n")
            log.flush()
            if line.startswith("CAP LS"):
                send(":fake.test CAP * LS :sasl=SCRAM-SHA-256,PLAIN message-tags")
            elif line.startswith("CAP REQ"):
                send(":fake.test CAP * ACK :" + line.split(":", 1)[1])
            elif line.startswith("NICK "):
                nick = line.split()[1]
            elif line in ("AUTHENTICATE SCRAM-SHA-256", "AUTHENTICATE PLAIN"):
                mechanism = line.split()[1]
                send("AUTHENTICATE +")
            elif line == "AUTHENTICATE *":
                send(f":fake.test 906 {nick} :SASL authentication aborted")
            elif line.startswith("AUTHENTICATE ") and mechanism == "PLAIN":
                fail()
            elif line.startswith("AUTHENTICATE ") and first_bare is None:
                message = base64.b64decode(line.split()[1]).decode()
                # `n,,n=alice,r=<client nonce>`
                first_bare = message[3:]
                client_nonce = dict(p.split("=", 1) for p in first_bare.split(","))["r"]
                server_first = (f"r={client_nonce}server-part,s={b64(SALT)},i={ITERATIONS}")
                send("AUTHENTICATE " + b64(server_first.encode()))
            elif line.startswith("AUTHENTICATE ") and server_first is not None:
                text = line.split()[1]
                if text == "+":
                    send(f":fake.test 900 {nick} {nick}!u@h alice :You are now logged in as alice")
                    send(f":fake.test 903 {nick} :SASL authentication successful")
                    continue
                final = base64.b64decode(text).decode()
                without_proof, _, proof = final.rpartition(",p=")
                auth_message = f"{first_bare},{server_first},{without_proof}".encode()
                client_key, server_key = keys()
                stored_key = hashlib.sha256(client_key).digest()
                signature = hmac.new(stored_key, auth_message, hashlib.sha256).digest()
                expected = bytes(a ^ b for a, b in zip(client_key, signature))
                if base64.b64decode(proof) != expected:
                    fail()
                    continue
                server_signature = hmac.new(server_key, auth_message, hashlib.sha256).digest()
                if wrong_signature:
                    server_signature = bytes(32)
                send("AUTHENTICATE " + b64(b"v=" + b64(server_signature).encode()))
            elif line == "CAP END":
                send(f":fake.test 001 {nick} :Welcome")
                send(f":fake.test 005 {nick} CHANTYPES=# :are supported")
            elif line.startswith("JOIN "):
                channel = line.split()[1]
                send(f":{nick}!u@h JOIN {channel}")
                send(f":fake.test 366 {nick} {channel} :End of /NAMES list.")
