"""Real accounts for the end-to-end tests: Debian's Atheme services linked to an InspIRCd
from irc_server.py (the verified recipe in IRC-TEST-DAEMONS.md §1), for NickServ accounts
and SASL PLAIN and EXTERNAL. Only 127.0.0.1; Atheme runs in the foreground (`-n`) in a
private directory and is stopped by its PID."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile

from irc_server import IRCServer, free_port
from natter_e2e import wait_until

ATHEME = shutil.which("atheme-services") or "/usr/bin/atheme-services"

# What InspIRCd needs to take Atheme as its services server: without services_account
# Atheme quits, without chghost, svshold and cban it warns.
INSPIRCD_LINK = """
<bind address="127.0.0.1" port="{server_port}" type="servers">
<module name="spanningtree">
<module name="services_account">
<module name="sasl">
<module name="chghost">
<module name="svshold">
<module name="cban">
<module name="sslinfo">
<link name="services.int" ipaddr="127.0.0.1" port="{server_port}" allowmask="127.0.0.0/8"
      sendpass="pw" recvpass="pw">
<uline server="services.int" silent="yes">
<sasl target="services.int" requiressl="no">
"""

ATHEME_CONF = """
loadmodule "modules/protocol/inspircd"; loadmodule "modules/backend/opensex";
loadmodule "modules/crypto/pbkdf2v2";   loadmodule "modules/nickserv/main";
loadmodule "modules/nickserv/help";     loadmodule "modules/nickserv/register";
loadmodule "modules/nickserv/identify"; loadmodule "modules/nickserv/info";
loadmodule "modules/nickserv/cert";     loadmodule "modules/nickserv/logout";
loadmodule "modules/saslserv/main";     loadmodule "modules/saslserv/plain";
loadmodule "modules/saslserv/external";
serverinfo {{ name = "services.int"; desc = "Atheme"; numeric = "00A"; recontime = 2;
  netname = "NatterTest"; hidehostsuffix = "users.test"; adminname = "t"; adminemail = "t@localhost";
  registeremail = "noreply@localhost"; loglevel = {{ error; info; admin; network; }};
  maxlogins = 5; maxusers = 5; mdlimit = 30; emaillimit = 10; emailtime = 300;
  auth = none; casemapping = rfc1459; }};
uplink "{server_name}" {{ host = "127.0.0.1"; port = {server_port}; send_password = "pw"; receive_password = "pw"; }};
nickserv {{ nick = "NickServ"; user = "NickServ"; host = "services.int"; real = "NS"; maxnicks = 5; expire = 30; }};
saslserv {{ nick = "SaslServ"; user = "SaslServ"; host = "services.int"; real = "SASL"; }};
general {{ commit_interval = 1; ratelimit_uses = 1000; ratelimit_period = 1;
  default_clone_allowed = 1000; default_clone_warn = 1000; flood_msgs = 0; }};
logfile "{dir}/atheme-all.log" {{ all; }};
"""


def accounts_server(**kwargs):
    """An InspIRCd with TLS (asking clients for certificates) ready for services to link."""
    server_port = free_port()
    return IRCServer(tls=True, client_certificates=True, server_port=server_port,
                     extra=INSPIRCD_LINK.format(server_port=server_port), **kwargs)


class Services:
    """Atheme linked to `server`; `close()` stops it by its PID."""

    def __init__(self, server, server_name="irc.test"):
        self.server = server
        self.dir = tempfile.mkdtemp(prefix="natter-atheme-")
        os.makedirs(os.path.join(self.dir, "data"))
        self.config = os.path.join(self.dir, "atheme.conf")
        with open(self.config, "w") as f:
            f.write(ATHEME_CONF.format(server_name=server_name, server_port=server.server_port,
                                       dir=self.dir))
        self.log = open(os.path.join(self.dir, "stdout.txt"), "ab")
        self.process = subprocess.Popen(
            ["nice", "-n", "10", ATHEME, "-n", "-c", self.config, "-D",
             os.path.join(self.dir, "data"), "-l", os.path.join(self.dir, "atheme.log"),
             "-p", os.path.join(self.dir, "atheme.pid")],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_until(self._linked, timeout=20, what="Atheme linked (sasl offered)")

    def _linked(self):
        if self.process.poll() is not None:
            raise AssertionError("atheme exited: " + self.output())
        # `sasl` is offered only while services are linked.
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=2) as probe:
            probe.sendall(b"CAP LS 302\r\n")
            data = b""
            while b"\r\n" not in data:
                chunk = probe.recv(4096)
                if not chunk:
                    break
                data += chunk
        return b"sasl=" in data

    def output(self):
        try:
            with open(os.path.join(self.dir, "atheme-all.log"), errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def close(self):
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
