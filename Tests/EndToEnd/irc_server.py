"""A real IRC server for the end-to-end tests: Debian's InspIRCd on a free loopback port with a
private directory, and a raw-socket IRC client to talk to Natter through it.

Only 127.0.0.1 is used. Every wait is for something observable, with a timeout.
"""

import hashlib
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import threading
import time

from natter_e2e import wait_until

INSPIRCD = shutil.which("inspircd") or "/usr/sbin/inspircd"

CONFIG = """
<server name="irc.test" description="Natter test server" network="NatterTest" id="{sid}">
<admin name="Natter tests" nick="admin" email="admin@irc.test">
<bind address="127.0.0.1" port="{port}" type="clients">
{tls_bind}
<connect allow="127.0.0.1" timeout="60" pingfreq="120" {flood_limits}
         sendq="16777216" recvq="1048576" localmax="1000" globalmax="1000"
         maxchans="50" limit="5000" resolvehostnames="no" useident="no">
<pid file="{dir}/inspircd.pid">
<files motd="{dir}/motd.txt">
<dns timeout="1">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="{dir}/ircd.log">
<options defaultmodes="ntoH 100:1d" allowhalfop="no" prefixquit="{prefixquit}">
<limits maxline="{maxline}" maxnick="30" maxchan="64" maxtopic="307" maxquit="255">
<security hidesplits="no" announceinvites="dynamic" maxtargets="20" customversion="">
<performance netbuffersize="65536" somaxconn="128" softlimit="1024" clonesonconnect="no"
             timeskipwarn="0" quietbursts="yes">
<class name="flood" privs="users/flood/no-throttle users/flood/increased-buffers" commands="MODE">
<type name="Flooder" classes="flood">
<oper name="flooder" password="flood" host="*@127.0.0.1" type="Flooder">
<module name="cap">
<module name="ircv3">
<module name="ircv3_ctctags">
<module name="ircv3_echomessage">
<module name="ircv3_msgid">
<module name="ircv3_servertime">
<module name="ircv3_batch">
<module name="ircv3_labeledresponse">
<module name="ircv3_capnotify">
<module name="ircv3_chghost">
<module name="ircv3_invitenotify">
<module name="ircv3_accounttag">
<module name="setname">
<module name="namesx">
<module name="uhnames">
<module name="botmode">
<module name="monitor">
<module name="chanhistory">
<chanhistory maxlines="200" notice="no" prefixmsg="no" bots="yes">
{tls_module}
{link}
"""

LINK = """
<bind address="127.0.0.1" port="{server_port}" type="servers">
<module name="spanningtree">
<link name="{other}" ipaddr="127.0.0.1" port="{other_port}" sendpass="pw" recvpass="pw">
{autoconnect}
"""

TLS_MODULE = """
<module name="ssl_gnutls">
<sslprofile name="t" provider="gnutls" certfile="{dir}/cert.pem" keyfile="{dir}/key.pem"
            hash="sha256" requestclientcert="{client_certificates}" dhfile="">
"""


def listening(process, port, name, output):
    """Whether a daemon accepts connections on its loopback `port`; its exit fails the wait."""
    if process.poll() is not None:
        raise AssertionError(f"{name} exited: " + output())
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class IRCServer:
    """One inspircd process; `stop()` kills it by its PID, `start()` brings it back on the
    same ports."""

    # No flood limits, so a test can burst; `flood=True` gives InspIRCd's own defaults
    # (a client over 10 s of penalty, about 10 quick lines, is disconnected: Excess Flood).
    NO_FLOOD_LIMITS = 'commandrate="100000000" fakelag="off" threshold="1000000"'
    FLOOD_LIMITS = 'commandrate="1000" fakelag="off" threshold="10"'

    def __init__(self, tls=False, name="irc.test", sid="1AA", link=None, server_port=None,
                 flood=False, maxline=8704, prefixquit="", extra="", client_certificates=False,
                 sts_duration=None):
        """`link`: (other server's name, its servers port, whether this one autoconnects);
        `server_port` is this one's port for servers. `maxline=512` gives the classic line
        length (LINELEN 512, InspIRCd's default), so a long message is split into several
        PRIVMSGs. `prefixquit="Quit: "` prefixes a QUIT's reason as networks do (InspIRCd's
        example config), so others see `Quit: See you`. `extra` is appended to the config
        (more modules, a services link); `client_certificates` asks TLS clients for theirs
        (SASL EXTERNAL). `sts_duration` (with `tls`) loads ircv3_sts: plaintext clients are
        sent to the TLS port, TLS clients told to keep that policy for so many seconds."""
        self.flood_limits = self.FLOOD_LIMITS if flood else self.NO_FLOOD_LIMITS
        self.dir = tempfile.mkdtemp(prefix="natter-ircd-")
        self.port = free_port()
        self.server_port = server_port or free_port()
        self.tls_port = free_port() if tls else None
        self.fingerprint = None
        with open(os.path.join(self.dir, "motd.txt"), "w") as f:
            f.write("Natter test server\n")
        tls_bind = tls_module = ""
        if tls:
            self.new_certificate()
            tls_bind = (f'<bind address="127.0.0.1" port="{self.tls_port}" type="clients" '
                        'sslprofile="t">')
            tls_module = TLS_MODULE.format(
                dir=self.dir, client_certificates="yes" if client_certificates else "no")
            if sts_duration is not None:
                tls_module += ('<module name="ircv3_sts">\n<sts host="localhost" '
                               f'port="{self.tls_port}" duration="{sts_duration}">\n')
        self.config = os.path.join(self.dir, "inspircd.conf")
        with open(self.config, "w") as f:
            link_text = ""
            if link:
                other, other_port, autoconnect = link
                link_text = LINK.format(
                    server_port=self.server_port, other=other, other_port=other_port,
                    autoconnect=(f'<autoconnect period="1s" server="{other}">'
                                 if autoconnect else ""))
            f.write(CONFIG.format(sid=sid, port=self.port, dir=self.dir, tls_bind=tls_bind,
                                  flood_limits=self.flood_limits, maxline=maxline,
                                  prefixquit=prefixquit,
                                  tls_module=tls_module, link=link_text + extra)
                    .replace('name="irc.test"', f'name="{name}"'))
        self.process = None
        self.start()

    def new_certificate(self):
        """A fresh self-signed certificate (a new key too); the server presents it from its
        next start on."""
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
             "-keyout", f"{self.dir}/key.pem", "-out", f"{self.dir}/cert.pem",
             "-days", "2", "-subj", "/CN=localhost"],
            check=True, capture_output=True)
        der = subprocess.run(
            ["openssl", "x509", "-in", f"{self.dir}/cert.pem", "-outform", "DER"],
            check=True, capture_output=True).stdout
        self.fingerprint = hashlib.sha256(der).hexdigest()

    def start(self):
        self.log = open(os.path.join(self.dir, "stdout.txt"), "ab")
        self.process = subprocess.Popen(
            [INSPIRCD, f"--config={self.config}", "--nofork", "--runasroot"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_until(self._listening, timeout=20, what="inspircd listening")

    def _listening(self):
        return listening(self.process, self.port, "inspircd", self.output)

    def output(self):
        parts = []
        for name in ("stdout.txt", "ircd.log"):
            try:
                with open(os.path.join(self.dir, name), errors="replace") as f:
                    parts.append(f.read()[-4000:])
            except OSError:
                pass
        return "\n".join(parts)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.log:
            self.log.close()
            self.log = None

    def close(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, nick, channels, tls=False):
        if tls:
            return f"ircs://{nick}@127.0.0.1:{self.tls_port}/{','.join(channels)}"
        return f"irc://{nick}@127.0.0.1:{self.port}/{','.join(channels)}"


class IRCClient:
    """A second, real IRC client: raw lines over a socket, with the IRCv3 caps Natter uses."""

    def __init__(self, port, nick, caps=("message-tags", "server-time", "echo-message"),
                 tls=False, certificate=None):
        """`certificate`: a PEM file with a client certificate and its key, shown over TLS."""
        self.nick = nick
        raw = socket.create_connection(("127.0.0.1", port), timeout=10)
        if tls:
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            if certificate:
                context.load_cert_chain(certificate)
            raw = context.wrap_socket(raw)
        self.sock = raw
        self.buffer = b""
        self.lines = []
        if caps:
            self.send("CAP REQ :" + " ".join(caps))
        self.send(f"NICK {nick}")
        self.send(f"USER {nick} 0 * :{nick}")
        if caps:
            self.send("CAP END")
        self.wait_for(lambda line: f" 001 {nick} " in line, what="registration")

    def send(self, line):
        data = line.encode() if isinstance(line, str) else line
        self.sock.sendall(data + b"\r\n")

    def send_many(self, lines):
        self.sock.sendall(b"".join(
            (line.encode() if isinstance(line, str) else line) + b"\r\n" for line in lines))

    def read(self, timeout):
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except (socket.timeout, ssl.SSLWantReadError):
            return
        if not data:
            raise AssertionError("the server closed the connection")
        self.buffer += data
        while b"\r\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\r\n", 1)
            text = line.decode("utf-8", errors="replace")
            if text.startswith("PING "):
                self.send("PONG " + text[5:])
            self.lines.append(text)

    def wait_for(self, predicate, timeout=10.0, what="a line", since=0):
        """The first line (seen before or arriving) that satisfies predicate; with `since`
        (a `len(client.lines)` taken before), only lines after that many."""
        deadline = time.monotonic() + timeout
        while True:
            for line in self.lines[since:]:
                if predicate(line):
                    return line
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; saw: {self.lines[-10:]}")
            self.read(0.1)

    def privmsgs(self, target):
        """The texts of PRIVMSGs seen to target, in order."""
        pattern = re.compile(r"^(?:@\S+ )?:(\S+?)!\S+ PRIVMSG (\S+) :(.*)$")
        texts = []
        for line in self.lines:
            match = pattern.match(line)
            if match and match.group(2).lower() == target.lower():
                texts.append(match.group(3))
        return texts

    def is_operator(self, channel):
        """Whether the server's NAMES reply for `channel` listed this client with `@`."""
        for line in self.lines:
            match = re.match(r"^(?:@\S+ )?:\S+ 353 \S+ [=*@] (\S+) :(.*)$", line)
            if match and match.group(1).lower() == channel.lower():
                if f"@{self.nick}".lower() in match.group(2).lower().split():
                    return True
        return False

    def drain(self, seconds=0.2):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.read(0.05)

    def close(self):
        try:
            self.send("QUIT :bye")
        except OSError:
            pass
        self.sock.close()


class Relay:
    """A loopback TCP relay between Natter and the server that a test cuts, as a network
    would. `hold()` keeps the server's lines (and, with `requests=True`, Natter's) from
    getting through; `cut()` drops every connection and lets new ones through again.

    It also logs every line in both directions, as the server splits them (at LF, a CR
    before it dropped): `written_lines()` is what Natter wrote toward the server, raw bytes
    in `written_raw()`, and `received_lines()` what the server sent Natter. A test asserts
    "never sent" from that log."""

    def __init__(self, server_port):
        self.server_port = server_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.sockets = []
        self.holding_replies = False
        self.holding_requests = False
        self.held_requests = b""
        # (monotonic time, raw line without its LF or CR) per direction, in arrival order.
        self.written = []
        self.received = []
        threading.Thread(target=self._accept, daemon=True).start()

    def written_raw(self):
        """Every line Natter wrote toward the server so far, as bytes (a CR or NUL inside a
        line stays in it)."""
        with self.lock:
            return [line for _, line in self.written]

    def written_lines(self):
        """Every line Natter wrote toward the server so far, decoded."""
        return [line.decode("utf-8", errors="replace") for line in self.written_raw()]

    def received_lines(self):
        """Every line the server sent Natter so far, decoded."""
        with self.lock:
            return [line.decode("utf-8", errors="replace") for _, line in self.received]

    def written_since(self, mark):
        """The lines Natter wrote after `mark` (a `len(relay.written_lines())` taken before)."""
        return self.written_lines()[mark:]

    def wait_written(self, predicate, timeout=10.0, what="a line from Natter", since=0):
        """The first line Natter wrote (after the first `since`) that satisfies predicate."""
        return wait_until(lambda: next(
            (line for line in self.written_lines()[since:] if predicate(line)), None),
            timeout=timeout, what=what)

    def wait_received(self, predicate, timeout=10.0, what="a line from the server", since=0):
        """The first line the server sent Natter (after the first `since`) that satisfies
        predicate."""
        return wait_until(lambda: next(
            (line for line in self.received_lines()[since:] if predicate(line)), None),
            timeout=timeout, what=what)

    def url(self, nick, channels, tls=False):
        return f"irc://{nick}@127.0.0.1:{self.port}/{','.join(channels)}"

    def hold(self, requests=False):
        with self.lock:
            self.holding_replies = True
            self.holding_requests = requests

    def cut(self):
        with self.lock:
            sockets, self.sockets = self.sockets, []
            self.holding_replies = self.holding_requests = False
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self):
        self.listener.close()
        self.cut()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.server_port))
            with self.lock:
                self.sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, False),
                             daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, True),
                             daemon=True).start()

    def _pump(self, source, sink, from_server):
        log = self.received if from_server else self.written
        pending = b""
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                pending += data
                *lines, pending = pending.split(b"\n")
                with self.lock:
                    now = time.monotonic()
                    log.extend((now, line[:-1] if line.endswith(b"\r") else line)
                               for line in lines)
                    held = self.holding_replies if from_server else self.holding_requests
                    if held and not from_server:
                        self.held_requests += data
                if not held:
                    sink.sendall(data)
        except OSError:
            pass
        try:
            sink.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


ZNC = shutil.which("znc") or "/usr/bin/znc"

ZNC_CONFIG = """Version = 1.8.2
ConnectDelay = 1
ServerThrottle = 1
<Listener l>
	Host = 127.0.0.1
	Port = {port}
	SSL = false
</Listener>
<User {user}>
	<Pass password>
		Method = sha256
		Hash = {hash}
		Salt = {salt}
	</Pass>
	Nick = {user}
	AltNick = {user}_
	AutoClearChanBuffer = false
	AutoClearQueryBuffer = false
{networks}
</User>
"""

ZNC_NETWORK = """	<Network {name}>
		Server = 127.0.0.1 {port}
{channels}
	</Network>"""


class ZNCBouncer:
    """Debian's ZNC in a private directory on a free loopback port, in front of InspIRCd
    servers (`networks`: name → (server, channels)). It refuses to run as root, so it runs as
    nobody; `stop()` ends it by its PID (IRC-TEST-DAEMONS.md §2)."""

    SALT = "abcdefghijklmnopqrst"

    def __init__(self, networks, user="alice", password="zncpass"):
        self.user = user
        self.password = password
        self.dir = tempfile.mkdtemp(prefix="natter-znc-")
        self.port = free_port()
        os.makedirs(os.path.join(self.dir, "configs"))
        digest = hashlib.sha256((password + self.SALT).encode()).hexdigest()
        blocks = [ZNC_NETWORK.format(
            name=name, port=server.port,
            channels="\n".join(f"\t\t<Chan {channel}>\n\t\t</Chan>" for channel in channels))
            for name, (server, channels) in networks.items()]
        with open(os.path.join(self.dir, "configs", "znc.conf"), "w") as f:
            f.write(ZNC_CONFIG.format(port=self.port, user=user, hash=digest, salt=self.SALT,
                                      networks="\n".join(blocks)))
        command = [ZNC, "-d", self.dir, "-f", "-n"]
        if os.geteuid() == 0:
            # ZNC refuses root (and with --allow-root sleeps 30 s first): it runs as nobody.
            subprocess.run(["chown", "-R", "nobody:nogroup", self.dir], check=True)
            os.chmod(self.dir, 0o755)
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
        self.log = open(os.path.join(self.dir + ".log"), "ab")
        self.process = subprocess.Popen(
            command,
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_until(self._listening, timeout=20, what="znc listening")

    def _listening(self):
        return listening(self.process, self.port, "znc", self.output)

    def output(self):
        try:
            with open(self.dir + ".log", errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def url(self, network, channels):
        return f"irc://{self.user}/{network}@127.0.0.1:{self.port}/{','.join(channels)}"

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        try:
            os.remove(self.dir + ".log")
        except OSError:
            pass
