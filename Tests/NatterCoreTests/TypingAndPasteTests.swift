import Testing

@testable import NatterCore

@Suite struct TypingAndPasteTests {
  @Test func moreThanFiveLinesToAChannelAsk() {
    let six = (1...6).map { "line \($0)" }.joined(separator: "\n")
    #expect(LongPasteRule.linesToConfirm(six, in: .channel) == 6)
    #expect(LongPasteRule.linesToConfirm(six, in: .privateChat) == nil)
    #expect(LongPasteRule.linesToConfirm(six, in: .notes) == nil)
    let five = (1...5).map { "line \($0)" }.joined(separator: "\n")
    #expect(LongPasteRule.linesToConfirm(five, in: .channel) == nil)
    #expect(LongPasteRule.linesToConfirm("/quote " + six, in: .channel) == nil)
    #expect(LongPasteRule.linesToConfirm("//" + six, in: .channel) == 6)
  }

  @Test func linesCountAsTheSenderSendsThem() {
    let cases = [
      "a\n\n\nb\nc\nd\ne", "a\r\nb\r\nc\r\nd\r\ne\r\nf", "\n\na\nb\nc\nd\ne\nf\n\n",
      " \n \n \n \n \n ",
      "one", "", "a\n\r\nb",
    ]
    for body in cases {
      let sent = IRCOutgoing(id: "x", target: "#natter", body: body, tags: [], isAction: false)
        .texts(maxBytes: 100_000).filter { !$0.isEmpty }.count
      #expect(LongPasteRule.lineCount(body) == sent, "\(body.debugDescription)")
    }
    #expect(LongPasteRule.linesToConfirm("a\n\n\nb\nc\nd\ne", in: .channel) == nil)
  }

  @Test func theQuestionNamesLinesAndChannel() {
    #expect(LongPasteRule.question(lines: 12, to: "#natter") == "Send 12 lines to #natter?")
    #expect(LongPasteRule.sendButton(lines: 12) == "Send 12 lines")
  }
}

@Suite struct LongPasteDetailTests {
  @Test func theDetailSaysWhetherTheLinesGoTogether() {
    #expect(LongPasteRule.detail(asOneMessage: false).contains("message of its own"))
    #expect(LongPasteRule.detail(asOneMessage: true).contains("as one message"))
  }
}
