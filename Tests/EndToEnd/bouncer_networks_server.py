"""A scripted soju-like bouncer for what no Debian daemon offers: `soju.im/bouncer-networks`
(ZNC 1.8 has no such extension, and soju is not in Debian 12). It follows the extension's
own examples (codeberg.org/emersion/soju, doc/ext/bouncer-networks.md):

- `CAP LS` offers `soju.im/bouncer-networks` and `soju.im/bouncer-networks-notify`;
- the bouncer's own connection sends `BOUNCER LISTNETWORKS` and is answered with a
  `soju.im/bouncer-networks` batch of `BOUNCER NETWORK <id> <attributes>`;
- a connection that sent `BOUNCER BIND <id>` before `CAP END` is that network: it is told
  `BOUNCER_NETID=<id>`, joined to the network's channel, and hears the network's people;
- `notify(id, attributes)` tells every own connection of a change (`*`: deleted).

Every line a client writes is kept with the network its connection is bound to (None for
the bouncer's own), so a test can check what went where and that nothing went twice.
"""

import socket
import threading

from line_server import lines, split_tags


class BouncerNetworksServer:
    CAPS = ("batch message-tags server-time echo-message soju.im/bouncer-networks "
            "soju.im/bouncer-networks-notify")

    def __init__(self, networks):
        """`networks`: {id: (name, channel)}, e.g. {"1": ("Libera", "#libera")}."""
        self.networks = dict(networks)
        self.received = []  # (bound id or None, line)
        self.lock = threading.Lock()
        self.connections = []  # (socket, bound id or None, send)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.closed = False
        self.msgid = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, nick, channels=None, tls=False):
        return f"irc://{nick}@127.0.0.1:{self.port}/"

    def lines(self, bound):
        with self.lock:
            return [line for network, line in self.received if network == bound]

    def bound_ids(self):
        with self.lock:
            return sorted(network for _, network, _ in self.connections if network is not None)

    def say(self, network, sender, text):
        """`sender` speaks in `network`'s channel, to the connections bound to it."""
        channel = self.networks[network][1]
        for _, bound, send in self._live():
            if bound == network:
                send(f"@msgid={self._next()} :{sender}!{sender}@remote.test PRIVMSG "
                     f"{channel} :{text}")

    def notify(self, network, attributes):
        """A change of `network` for every own connection (`*` deletes it)."""
        if attributes == "*":
            self.networks.pop(network, None)
        else:
            name = dict(part.split("=", 1) for part in attributes.split(";")).get("name")
            if name:
                self.networks[network] = (name, f"#{name.lower()}")
        for _, bound, send in self._live():
            if bound is None:
                send(f":soju.test BOUNCER NETWORK {network} {attributes}")

    def close(self):
        self.closed = True
        for connection, _, _ in self._live():
            try:
                connection.close()
            except OSError:
                pass
        self.listener.close()

    def _live(self):
        with self.lock:
            return list(self.connections)

    def _next(self):
        with self.lock:
            self.msgid += 1
            return f"b{self.msgid}"

    def _accept(self):
        while not self.closed:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection):
        nick = "*"
        bound = None
        entry = None

        def send(line):
            try:
                connection.sendall(line.encode() + b"\r\n")
            except OSError:
                pass

        for line in lines(connection):
            with self.lock:
                self.received.append((bound, line))
            tags, line = split_tags(line)
            words = line.split(" ")
            command = words[0].upper()
            if command == "CAP" and words[1] == "LS":
                send(f":soju.test CAP * LS :{self.CAPS}")
            elif command == "CAP" and words[1] == "REQ":
                send(f":soju.test CAP * ACK :{line.split(':', 1)[1]}")
            elif command == "BOUNCER" and words[1].upper() == "BIND":
                bound = words[2] if words[2] in self.networks else None
                if bound is None:
                    send(f":soju.test FAIL BOUNCER INVALID_NETID BIND {words[2]} "
                         ":Unknown network ID")
            elif command == "NICK":
                nick = words[1]
            elif command == "CAP" and words[1] == "END":
                self._welcome(send, nick, bound)
                entry = (connection, bound, send)
                with self.lock:
                    self.connections.append(entry)
            elif command == "BOUNCER" and words[1].upper() == "LISTNETWORKS":
                send(":soju.test BATCH +nets soju.im/bouncer-networks")
                for network, (name, _) in sorted(self.networks.items()):
                    send(f"@batch=nets :soju.test BOUNCER NETWORK {network} "
                         f"name={name};state=connected;host=irc.{name.lower()}.example")
                send(":soju.test BATCH -nets")
            elif command == "PING":
                send(f":soju.test PONG soju.test :{words[1]}")
            elif command == "PRIVMSG":
                target, text = words[1], line.split(" :", 1)[1]
                echo = f"msgid={self._next()}"
                if "label" in tags:
                    echo += f";label={tags['label']}"
                send(f"@{echo} :{nick}!{nick}@127.0.0.1 PRIVMSG {target} :{text}")
            elif command == "QUIT":
                connection.close()
                break
        with self.lock:
            if entry in self.connections:
                self.connections.remove(entry)

    def _welcome(self, send, nick, bound):
        send(f":soju.test 001 {nick} :Welcome to the bouncer")
        netid = f" BOUNCER_NETID={bound}" if bound else ""
        send(f":soju.test 005 {nick} CHANTYPES=#{netid} :are supported by this server")
        send(f":soju.test 422 {nick} :MOTD File is missing")
        if bound:
            channel = self.networks[bound][1]
            send(f":{nick}!{nick}@127.0.0.1 JOIN {channel}")
            send(f":soju.test 353 {nick} = {channel} :{nick} bob")
            send(f":soju.test 366 {nick} {channel} :End of /NAMES list.")
