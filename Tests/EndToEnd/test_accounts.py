"""Real accounts (issue 28): InspIRCd linked to Debian's Atheme services signs Natter in with
SASL PLAIN and EXTERNAL (a client certificate, its fingerprint shown in Preferences), says
in plain words when a password is wrong, and STS moves a plaintext connection to TLS for good.
SCRAM-SHA-256, which Debian's Atheme lacks, runs against a scripted server that checks the
client's proof for whatever nonce Natter sends (RFC 7677's exact vector is a unit test)."""

import hashlib
import os
import subprocess
import tempfile

import pyatspi

from irc_server import IRCClient, IRCServer, Relay
from natter_e2e import wait_until
from services import Services, accounts_server
from test_everyday import open_member_list
from test_irc import IRCTestCase, labels_under

PASSWORD = "s3cretpass"


class AccountTests(IRCTestCase):
    def services(self):
        server = accounts_server()
        self.addCleanup(server.close)
        services = Services(server)
        self.addCleanup(services.close)
        return server

    def register(self, server, certificate=None):
        """alice's account, made by a raw client through NickServ (with `certificate`, over
        TLS, and its fingerprint added to the account)."""
        port = server.tls_port if certificate else server.port
        alice = IRCClient(port, "alice", caps=(), tls=bool(certificate), certificate=certificate)
        try:
            alice.send(f"PRIVMSG NickServ :REGISTER {PASSWORD} alice@example.com")
            alice.wait_for(lambda line: " 900 " in line, what="alice registered")
            if certificate:
                alice.send("PRIVMSG NickServ :CERT ADD")
                alice.wait_for(lambda line: "Added fingerprint" in line, what="CERT ADD")
        finally:
            alice.close()

    def test_plain_signs_in_to_a_registered_account(self):
        server = self.services()
        self.register(server)
        app = self.connect(server, env={"NATTER_IRC_PASSWORD": PASSWORD})
        self.wait_ready(app)
        self.wait_shown(app, "You are signed in as alice.")

        # Accounts in the member list, as the server says them: alice's from WHOX after the
        # join, carol's from account-notify when she registers while in the channel.
        carol = self.member(server, "carol", caps=())
        carol.send("PRIVMSG NickServ :REGISTER carolpass1 carol@example.com")
        carol.wait_for(lambda line: " 900 " in line, what="carol registered")
        rows = open_member_list(app)
        wait_until(lambda: rows().get("@alice") == "Signed in as alice"
                   and rows().get("carol") == "Signed in as carol",
                   what="both accounts in the member list")
        app.key("Escape")

    def test_a_wrong_password_says_so_and_connects_unsigned(self):
        server = self.services()
        self.register(server)
        app = self.connect(server, env={"NATTER_IRC_PASSWORD": "not-the-password"})
        self.wait_ready(app)
        self.wait_shown(
            app, "Signing in as alice failed: the account name or the password is wrong "
                 "(the server says: SASL authentication failed).")
        self.assertNotIn("You are signed in as alice.", labels_under(app.messages))

    def certificate(self):
        work = self.enterContext(tempfile.TemporaryDirectory())
        key, cert = os.path.join(work, "alice.key"), os.path.join(work, "alice.crt")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                        key, "-out", cert, "-days", "2", "-subj", "/CN=alice"],
                       check=True, capture_output=True)
        pem = os.path.join(work, "alice.pem")
        with open(pem, "w") as out, open(cert) as c, open(key) as k:
            out.write(c.read() + k.read())
        der = subprocess.run(["openssl", "x509", "-in", cert, "-outform", "DER"],
                             check=True, capture_output=True).stdout
        return pem, hashlib.sha256(der).hexdigest()

    def test_external_signs_in_with_the_certificate_set_in_preferences(self):
        server = self.services()
        pem, fingerprint = self.certificate()
        self.register(server, certificate=pem)
        app = self.connect(server, tls=True, extra=["--trust-certificate", server.fingerprint])
        self.wait_ready(app)
        # No password: only the certificate can sign alice in.
        self.assertNotIn("You are signed in as alice.", labels_under(app.messages))
        self.focus_preferences_field(app, "Client certificate")
        app.type(pem)

        def shown_fingerprint():
            """The label under the field, as a screen reader reads it (its text)."""
            for frame in app.accessible_app:
                if frame is not None and frame.name == "Preferences":
                    label = pyatspi.findDescendant(
                        frame, lambda a: a.getRoleName() == "label"
                        and (a.name or "").startswith("SHA-256 fingerprint"))
                    return label.name if label else None
            return None

        wait_until(lambda: shown_fingerprint() == f"SHA-256 fingerprint: {fingerprint}",
                   what=f"the fingerprint in Preferences (it shows {shown_fingerprint()!r})")
        app.key("Return")
        self.wait_shown(app, "You are signed in as alice.", timeout=20)
        with open(os.path.join(app.config_dir, "natter", "settings.ini")) as settings:
            self.assertIn(f"client-certificate={pem}", settings.read())

    def test_sts_moves_a_plaintext_url_to_tls_and_remembers_it(self):
        server = IRCServer(tls=True, sts_duration=300)
        self.addCleanup(server.close)
        # The plaintext port through a relay that logs what Natter writes there.
        relay = Relay(server.port)
        self.addCleanup(relay.close)
        url = f"irc://alice@localhost:{relay.port}/#natter"
        trust = ["--trust-certificate", server.fingerprint]
        app = self.start(env={"G_MESSAGES_DEBUG": "natter"}, args=["--connect", url, *trust])
        app.connection = app.find("label", "Connection")
        self.wait_subtitle(app, lambda text: text == "#natter on localhost", "ready")
        plaintext = relay.written_lines()
        self.assertIn("CAP LS 302", plaintext)
        # Told to use TLS before CAP END: it never registered in plaintext.
        self.assertNotIn("CAP END", plaintext)
        with open(os.path.join(app.data_dir, "sts-policies")) as policies:
            self.assertRegex(policies.read(), rf"^localhost {server.tls_port} \d+\n$")
        data_dir = app.data_dir
        app.owns_data_dir = False
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", data_dir]))
        app.close()

        again = self.start(data_dir=data_dir, env={"G_MESSAGES_DEBUG": "natter"},
                           args=["--connect", url, *trust])
        again.connection = again.find("label", "Connection")
        self.wait_subtitle(again, lambda text: text == "#natter on localhost", "ready")
        # Straight to TLS: the plaintext port heard nothing more.
        self.assertEqual(relay.written_lines(), plaintext)

    def scram_server(self, *mode):
        return self.scripted_server("fake_scram_server.py", PASSWORD, *mode)

    def start_scram(self, port):
        app = self.start(env={"G_MESSAGES_DEBUG": "natter", "NATTER_IRC_PASSWORD": PASSWORD},
                         args=["--connect", f"irc://alice@127.0.0.1:{port}/#natter"])
        app.connection = app.find("label", "Connection")
        app.messages = app.find("list", "Messages")
        self.wait_ready(app)
        return app

    def test_scram_sha_256_is_preferred_and_never_sends_the_password(self):
        port, log_file = self.scram_server()
        app = self.start_scram(port)
        self.wait_shown(app, "You are signed in as alice.")
        with open(log_file) as f:
            lines = f.read()
        self.assertIn("AUTHENTICATE SCRAM-SHA-256", lines)
        self.assertNotIn("AUTHENTICATE PLAIN", lines)
        self.assertNotIn(PASSWORD, lines + app.output())

    def test_a_server_that_cannot_prove_the_password_gets_nothing_more(self):
        port, log_file = self.scram_server("wrong-signature")
        app = self.start_scram(port)
        self.wait_shown(app, "Signing in as alice was stopped: the server could not prove that "
                             "it knows your password (SCRAM-SHA-256).")
        with open(log_file) as f:
            lines = f.read()
        self.assertIn("AUTHENTICATE *", lines)
        self.assertNotIn("AUTHENTICATE PLAIN", lines)
