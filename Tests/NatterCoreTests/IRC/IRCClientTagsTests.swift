import Foundation
import Testing

@testable import NatterCore

/// Replies, reactions and typing as client tags (SPEC §13).
@Suite struct IRCClientTagsTests {
  private let time = "2026-11-29T18:55:41.000Z"

  private func registered(caps: String = IRCScript.allCaps) -> IRCScript {
    var script = IRCScript()
    script.register(caps: caps)
    return script
  }

  @Test func aReceivedReplyNamesItsParent() {
    var script = registered()
    script.server("@msgid=r1;+draft/reply=p1 :bob!u@h PRIVMSG #natter :me: indeed")
    guard case .message(let message) = script.takeEvents().first else {
      Issue.record("no message")
      return
    }
    #expect(message.replyTo == "p1" && message.body == "me: indeed")
    script.server("@+draft/reply= :bob!u@h PRIVMSG #natter :empty")
    guard case .message(let plain) = script.takeEvents().first else { return }
    #expect(plain.replyTo == nil)
  }

  @Test func aReactionInAChannelIsReportedWithItsTime() {
    var script = registered()
    script.server("@time=\(time);+draft/react=👍;+draft/reply=abc :bob!u@h TAGMSG #natter")
    #expect(
      script.takeEvents() == [
        .reaction(
          IRCReaction(
            conversation: "#natter", sender: "bob", msgid: "abc", emoji: "👍",
            time: IRCServerTime.parse(time)))
      ])
  }

  @Test func anUnreactTakesItBack() {
    var script = registered()
    script.server("@+draft/unreact=👍;+draft/reply=abc :bob!u@h TAGMSG #natter")
    #expect(
      script.takeEvents() == [
        .reaction(
          IRCReaction(
            conversation: "#natter", sender: "bob", msgid: "abc", emoji: "👍", removed: true))
      ])
  }

  @Test func aPrivateReactionBelongsToTheSenderAndOurEchoToTheTarget() {
    var script = registered()
    script.server("@+draft/react=🎉;+draft/reply=m9 :bob!u@h TAGMSG me")
    script.server("@+draft/react=🎉;+draft/reply=m8 :me!u@h TAGMSG bob")
    #expect(
      script.takeEvents() == [
        .reaction(IRCReaction(conversation: "bob", sender: "bob", msgid: "m9", emoji: "🎉")),
        .reaction(
          IRCReaction(conversation: "bob", sender: "me", msgid: "m8", emoji: "🎉", isOwn: true)),
      ])
  }

  @Test func absurdReactionsAreIgnored() {
    var script = registered()
    let long = String(repeating: "👍", count: 17)  // 68 bytes
    for line in [
      "@+draft/react=👍 :bob!u@h TAGMSG #natter",  // reacting to nothing
      "@+draft/reply=abc :bob!u@h TAGMSG #natter",
      "@+draft/react=;+draft/reply=abc :bob!u@h TAGMSG #natter",
      "@+draft/react=\(long);+draft/reply=abc :bob!u@h TAGMSG #natter",
      "@+draft/react=a\\sb\u{7};+draft/reply=abc :bob!u@h TAGMSG #natter",
      "@+draft/react=👍;+draft/reply=\(String(repeating: "x", count: 300)) :bob!u@h TAGMSG #a",
      "@+draft/react=👍;+draft/reply=abc :irc.test TAGMSG #natter",  // not a person
      "@+draft/react=👍;+draft/reply=abc :bob!u@h TAGMSG",
    ] {
      script.server(line)
    }
    #expect(script.takeEvents().isEmpty)
    // A family with skin tones is one emoji, within the bound.
    script.server("@+draft/react=👩🏽‍👩🏽‍👧🏽;+draft/reply=abc :bob!u@h TAGMSG #natter")
    #expect(script.takeEvents().count == 1)
  }

  @Test func typingIsReportedForTheChannelOrThePerson() {
    var script = registered()
    script.server("@+typing=active :bob!u@h TAGMSG #natter")
    script.server("@+typing=paused :bob!u@h TAGMSG me")
    script.server("@+typing=done :carol!u@h TAGMSG #Natter")
    #expect(
      script.takeEvents() == [
        .typing(conversation: "#natter", nick: "bob", .active),
        .typing(conversation: "bob", nick: "bob", .paused),
        .typing(conversation: "#Natter", nick: "carol", .done),
      ])
  }

  @Test func ourOwnTypingEchoAndUnknownValuesAreNotReported() {
    var script = registered()
    script.server("@+typing=active :me!u@h TAGMSG #natter")
    script.server("@+typing=thinking :bob!u@h TAGMSG #natter")
    script.server("@+typing :bob!u@h TAGMSG #natter")
    #expect(script.takeEvents().isEmpty)
  }

  @Test func typingInPlayedBackHistoryIsNoOneTypingNow() {
    var script = registered()
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server("@batch=h;+typing=active :bob!u@h TAGMSG #natter")
    script.server(":irc.test BATCH -h")
    #expect(!script.takeEvents().contains { if case .typing = $0 { true } else { false } })
  }

  @Test func anIgnoredPersonsTagMessagesAreDropped() {
    var account = IRCAccount(nick: "me", channels: [IRCAccount.Channel("#natter")])
    account.ignored = ["bob!*@*"]
    var script = IRCScript(account: account)
    script.register()
    script.server("@+typing=active :bob!u@h TAGMSG #natter")
    #expect(script.takeEvents().isEmpty)
  }

  @Test func clientTagDenyIsReadAsTheSpecSays() {
    var support = IRCSupport()
    #expect(support.allowsClientTag("+typing"))
    support.apply(["CLIENTTAGDENY=typing,+draft/react"])
    #expect(!support.allowsClientTag("+typing") && !support.allowsClientTag("draft/react"))
    #expect(support.allowsClientTag("+draft/reply"))
    support.apply(["CLIENTTAGDENY=*,-draft/reply"])
    #expect(support.allowsClientTag("+draft/reply") && !support.allowsClientTag("+typing"))
    support.apply(["-CLIENTTAGDENY"])
    #expect(support.allowsClientTag("+typing"))
  }

  @Test func typingAndReactionsGoOutOnlyWhereTheServerRelaysThem() {
    var script = registered()
    script.feed(.typing(target: "#natter", .active))
    script.feed(.react(target: "#natter", msgid: "abc", emoji: "👍", remove: false))
    #expect(
      script.takeWritten() == [
        "@+typing=active;label=t1 TAGMSG #natter",
        "@+draft/react=👍;+draft/reply=abc;label=t2 TAGMSG #natter",
      ])
    script.server(":irc.test 005 me CLIENTTAGDENY=*,-draft/react,-draft/reply :are supported")
    script.feed(.typing(target: "#natter", .active))
    script.feed(.react(target: "#natter", msgid: "abc", emoji: "👍", remove: true))
    script.feed(.react(target: "#natter", msgid: "abc", emoji: "👍", remove: false))
    #expect(script.takeWritten() == ["@+draft/react=👍;+draft/reply=abc;label=t3 TAGMSG #natter"])
    // A reaction without the reply tag that says to what is nothing: not sent.
    script.server(":irc.test 005 me CLIENTTAGDENY=draft/reply :are supported")
    script.feed(.react(target: "#natter", msgid: "abc", emoji: "👍", remove: false))
    #expect(script.takeWritten().isEmpty)
    var plain = registered(caps: "echo-message")
    plain.feed(.typing(target: "#natter", .active))
    #expect(plain.takeWritten().isEmpty)
  }

  @Test func aReplyCarriesItsParentOnEveryLineAndNamesItsAuthorFirst() {
    var script = registered()
    script.feed(
      .send(
        IRCOutgoing(
          id: "m1", target: "#natter", body: "yes\nand no", replyTo: "p1", replyToSender: "bob")))
    #expect(
      script.takeWritten() == [
        "@+draft/reply=p1;+natter.org/id=m1;+natter.org/part=1;label=n1 PRIVMSG #natter :bob: yes",
        "@+draft/reply=p1;+natter.org/id=m1;+natter.org/part=2;label=n2 PRIVMSG #natter :and no",
      ])
  }

  @Test func aReplyThatNamesItsAuthorAlreadyIsNotPrefixedTwice() {
    for body in ["Bob: sure", "bob, sure", "\nbob: sure"] {
      let reply = IRCOutgoing(
        id: "m", target: "#natter", body: body, replyTo: "p1", replyToSender: "bob")
      #expect(reply.texts(maxBytes: 400) == ["\(body.drop { $0 == "\n" })"])
    }
    let other = IRCOutgoing(
      id: "m", target: "#natter", body: "bobby: no", replyTo: "p1", replyToSender: "bob")
    #expect(other.texts(maxBytes: 400) == ["bob: bobby: no"])
    let notReply = IRCOutgoing(id: "m", target: "#natter", body: "hi", replyToSender: "bob")
    #expect(notReply.texts(maxBytes: 400) == ["hi"])
  }

  @Test func theInverseTakesOffExactlyThePrefixForTheParentsAuthor() {
    #expect(IRCOutgoing.withoutReplyPrefix("bob: yes", parentSender: "bob") == "yes")
    #expect(IRCOutgoing.withoutReplyPrefix("Bob: yes", parentSender: "bob") == "yes")
    #expect(IRCOutgoing.withoutReplyPrefix("bob, yes", parentSender: "bob") == "bob, yes")
    #expect(IRCOutgoing.withoutReplyPrefix("carol: yes", parentSender: "bob") == "carol: yes")
    #expect(IRCOutgoing.withoutReplyPrefix("bob: ", parentSender: "bob") == "bob: ")
    let reply = IRCOutgoing(
      id: "m", target: "#a", body: "line one\nline two", replyTo: "p", replyToSender: "bob")
    let sent = reply.texts(maxBytes: 400).joined(separator: "\n")
    #expect(IRCOutgoing.withoutReplyPrefix(sent, parentSender: "bob") == reply.body)
  }

  @Test func anActionReplyGetsTheTagButNoPrefix() {
    var script = registered()
    script.feed(
      .send(
        IRCOutgoing(
          id: "m1", target: "#natter", body: "waves", isAction: true, replyTo: "p1",
          replyToSender: "bob")))
    #expect(
      script.takeWritten() == [
        "@+draft/reply=p1;+natter.org/id=m1;label=n1 PRIVMSG #natter :\u{1}ACTION waves\u{1}"
      ])
  }

  @Test func aDeniedReplyTagLeavesThePlainPrefix() {
    var script = registered()
    script.server(":irc.test 005 me CLIENTTAGDENY=draft/reply :are supported")
    script.feed(
      .send(
        IRCOutgoing(id: "m1", target: "#natter", body: "yes", replyTo: "p1", replyToSender: "bob")
      ))
    #expect(script.takeWritten() == ["@+natter.org/id=m1;label=n1 PRIVMSG #natter :bob: yes"])
  }
}
