"""Registration always ends (issue 30), against a real InspIRCd: a nickname the server
reserves or one already in use is replaced by the next candidate, with status lines that say
why, instead of waiting for ever unregistered."""

from natter_e2e import wait_until
from test_irc import IRCTestCase, labels_under


class RegistrationTests(IRCTestCase):
    def test_a_reserved_nickname_gives_way_to_natter(self):
        server = self.server()
        with open(server.config, "a") as f:
            f.write('<badnick nick="alice" reason="Reserved for a test">\n')
        server.stop()
        server.start()
        app = self.connect(server)
        self.wait_ready(app)
        wait_until(lambda: "You are now known as natter" in labels_under(app.messages),
                   what="the new nickname said in the channel")
        refusal = [text for text in labels_under(app.messages) if "not a valid nickname" in text]
        self.assertEqual(
            refusal,
            ["alice is not a valid nickname (the server says: Invalid nickname: Reserved for a "
             "test)."])

    def test_a_nickname_in_use_gives_way_to_the_next_one(self):
        server = self.server()
        holder = self.client(server, "alice")
        holder.send("JOIN #natter")
        holder.wait_for(lambda line: " 366 " in line)
        app = self.connect(server)
        self.wait_ready(app)
        wait_until(lambda: "You are now known as alice_" in labels_under(app.messages),
                   what="the next nickname said in the channel")
        self.assertTrue(any("The nickname alice is already in use" in text
                            for text in labels_under(app.messages)))
        # The server knows us by it: what we say comes from alice_.
        app.type("hello")
        app.key("Return")
        holder.wait_for(lambda line: " :alice_!" in line and "PRIVMSG #natter :hello" in line)
