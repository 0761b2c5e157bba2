"""Everyday IRC (SPEC §12, issue 28) against a real InspIRCd, driven by keys and read
through AT-SPI, with a raw-socket client (bob) on the other side: `/whois` as one block, CTCP
answered, replies no part of Natter handles shown in the network's row, and an operator's
commands reaching the channel."""

import pyatspi

from natter_e2e import wait_until
from test_conversations import click, shown_messages
from test_irc import IRCTestCase
from test_networks import SwitcherMixin


class EverydayTest(SwitcherMixin, IRCTestCase):
    def test_whois_ctcp_replies_and_operator_commands(self):
        server = self.server()
        # bob makes #natter, so he is its operator; carol is there too.
        bob = self.member(server, "bob")
        carol = self.member(server, "carol")
        app = self.connect(server)
        self.wait_ready(app)

        # A notice says it is one, as irssi and weechat mark theirs.
        bob.send("NOTICE #natter :the build is green")
        wait_until(lambda: "bob (notice)" in shown_messages(app)
                   and "the build is green" in shown_messages(app), what="bob's notice marked")

        # /whois shows who carol is in one block, in the conversation on screen.
        self.send(app, "/whois carol")
        wait_until(lambda: any(label.startswith("carol is carol (")
                               and "Channels: #natter" in label and "Server: " in label
                               for label in shown_messages(app)),
                   what=f"carol's WHOIS block in #natter (shown: {shown_messages(app)[-3:]})")

        # bob asks for the VERSION: the answer comes back as a NOTICE naming Natter.
        bob.send("PRIVMSG alice :\x01VERSION\x01")
        bob.wait_for(lambda line: "NOTICE bob :\x01VERSION Natter" in line,
                     what="Natter's VERSION answer")

        # A reply nothing in Natter answers shows in the network's own row, not lost.
        self.send(app, "/quote VERSION")
        self.open_conversation(app, "127", "127.0.0.1")
        wait_until(lambda: any("InspIRCd" in label for label in shown_messages(app)),
                   what="the 351 VERSION reply in the network's row")
        self.assertTrue(any("asked for your CTCP VERSION" in label
                            for label in shown_messages(app)), "the CTCP request noted there")

        # bob gives alice operator status; she voices carol with /voice.
        bob.send("MODE #natter +o alice")
        self.open_conversation(app, "#natter", "#natter")
        carol.wait_for(lambda line: "MODE #natter +o" in line and line.endswith("alice"),
                       what="alice opped")
        self.send(app, "/voice carol")
        carol.wait_for(lambda line: ":alice!" in line and "MODE #natter +v" in line
                       and line.endswith("carol"), what="alice's /voice reaching the channel")
        self.send(app, "/kick carol out you go")
        carol.wait_for(lambda line: ":alice!" in line and "KICK #natter carol :out you go" in line,
                       what="alice's /kick with its reason")


class MemberStateTest(SwitcherMixin, IRCTestCase):
    def test_away_bots_and_invitations_as_the_server_says(self):
        server = self.server()
        bob = self.member(server, "bob")
        # A bot (InspIRCd's botmode, user mode +B), in the channel before alice comes.
        robo = self.client(server, "robo")
        robo.send("MODE robo +B")
        robo.send("JOIN #natter")
        robo.wait_for(lambda line: " 366 " in line, what="robo in #natter")
        app = self.connect(server)
        self.wait_ready(app)

        # away-notify: bob goes away while alice is there.
        bob.send("AWAY :at lunch")
        click(app, app.find("push button", "Members"))
        member_list = app.find("list", "Members")

        def rows():
            member_list.clear_cache()
            return {label.name: label.description for label in pyatspi.findAllDescendants(
                member_list, lambda a: a.getRoleName() == "label")}
        # WHOX at the join told that robo is a bot; bob is dimmed and described as away.
        wait_until(lambda: rows().get("@bob") == "Away" and "robo (bot)" in rows(),
                   what=f"bob away and robo a bot in the member list ({rows()})")
        bob.send("AWAY")
        wait_until(lambda: rows().get("@bob") == "", what="bob back")
        app.key("Escape")

        # An invitation says where to go.
        bob.send("JOIN #secret")
        bob.wait_for(lambda line: " 366 " in line and "#secret" in line, what="bob in #secret")
        bob.send("INVITE alice #secret")
        wait_until(lambda: any("bob invites you to #secret" in label
                               for label in shown_messages(app)),
                   what="the invitation in view")
