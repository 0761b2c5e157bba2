import Foundation
import Testing

@testable import NatterCore

/// `draft/multiline` where a server misbehaves or changes its mind (found in review).
@Suite struct IRCMultilineReviewTests {
  static let caps = IRCScript.allCaps + " draft/multiline=max-bytes=4096,max-lines=24"

  private func registered(caps: String = Self.caps) -> IRCScript {
    var script = IRCScript()
    script.register(caps: caps)
    _ = script.takeEffects()
    return script
  }

  @Test func aBatchCutShortKeepsNoIDSoTheWholeMessageCanArriveLater() {
    var script = registered()
    script.server("@msgid=whole;+natter.org/id=x1 :n!u@h BATCH +1 draft/multiline #natter")
    script.server("@batch=1 :n!u@h PRIVMSG #natter half")
    script.feed(.disconnected(reason: "gone"))
    let cut = script.takeEvents().compactMap { event -> IRCIncomingMessage? in
      if case .message(let message) = event { return message }
      return nil
    }
    #expect(cut.map(\.body) == ["half"])
    #expect(cut.first?.msgid == nil && cut.first?.clientID == nil)
  }

  @Test func aBatchEvictedByNewerOnesKeepsNoIDEither() {
    var script = registered()
    script.server("@msgid=first :n!u@h BATCH +b0 draft/multiline #natter")
    script.server("@batch=b0 :n!u@h PRIVMSG #natter :begun")
    for batch in 1...IRCMultilineInbox.maxOpen {
      script.server(":n!u@h BATCH +b\(batch) draft/multiline #natter")
    }
    let evicted = script.takeEvents().compactMap { event -> IRCIncomingMessage? in
      if case .message(let message) = event { return message }
      return nil
    }
    #expect(evicted.map(\.body) == ["begun"] && evicted.first?.msgid == nil)
  }

  @Test func aFailBatchWithoutALabelFailsTheBatchNotAPlainMessage() {
    var script = registered(
      caps: "message-tags echo-message batch draft/multiline=max-bytes=4096,max-lines=24")
    script.feed(.send(IRCOutgoing(id: "plain", target: "#natter", body: "one line")))
    script.feed(.send(IRCOutgoing(id: "batch", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    script.server(":irc.test FAIL BATCH MULTILINE_MAX_LINES 24 :Multiline batch max-lines exceeded")
    let failed = script.takeEvents().compactMap { event -> String? in
      if case .messageFailed(let id, _) = event { return id }
      return nil
    }
    #expect(failed == ["batch"])
    #expect(script.connection.pending.map(\.message.id) == ["plain"])
  }

  @Test func aBatchAwaitingItsEchoWhenTheCapabilityGoesIsNotWrittenAgainAsLines() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    let first = script.takeWritten()
    #expect(first.contains { $0.contains("BATCH +") })
    script.server(":irc.test CAP me DEL :draft/multiline")
    script.feed(.send(IRCOutgoing(id: "m2", target: "#natter", body: "after")))
    let after = script.takeWritten()
    #expect(!after.contains { $0.hasSuffix(":two") || $0.hasSuffix(" two") })
    #expect(after.contains { $0.hasSuffix("PRIVMSG #natter after") || $0.hasSuffix(":after") })
    #expect(script.connection.pending.map(\.message.id).contains("m1"))
  }
}
