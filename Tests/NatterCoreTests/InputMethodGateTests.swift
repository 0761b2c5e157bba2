import NatterCore
import Testing

@Suite("InputMethodGate")
struct InputMethodGateTests {
  private func composing(_ preedit: String = "녕") -> InputMethodGate {
    var gate = InputMethodGate()
    gate.preeditChanged(preedit)
    return gate
  }

  @Test func withNothingComposingNatterKeysNeverReachTheInputMethod() {
    var gate = InputMethodGate()
    for action in KeyAction.allCases {
      #expect(gate.route(action) == .perform(action))
    }
    #expect(gate.route(nil) == .widget, "typing goes to the text view and its input method")
  }

  @Test func whileComposingEveryKeyGoesToTheInputMethodFirst() {
    for action in KeyAction.allCases {
      var gate = composing()
      #expect(gate.route(action) == .inputMethod)
    }
    var gate = composing()
    #expect(gate.route(nil) == .widget, "a letter goes on composing through the text view")
  }

  @Test func enterWhileComposingCommitsAndNeverSends() {
    var gate = composing()
    #expect(gate.route(.send) == .inputMethod)
    gate.preeditChanged("")
    #expect(gate.finishKey() == nil, "the commit used the key up")
    #expect(gate.route(.send) == .perform(.send), "the next Enter sends")
  }

  @Test func aNewLineOrADelimiterFollowsTheCommit() {
    for action in [KeyAction.newline, .convertHashtag] {
      var gate = composing()
      #expect(gate.route(action) == .inputMethod)
      gate.preeditChanged("")
      #expect(gate.finishKey() == action)
      #expect(gate.finishKey() == nil, "once")
    }
  }

  @Test func anAsynchronousInputMethodIsWaitedFor() {
    var gate = composing()
    #expect(gate.route(.newline) == .inputMethod)
    #expect(gate.finishKey() == nil, "still composing when the key returns")
    #expect(gate.isWaitingForCommit)
    gate.preeditChanged("녕")
    #expect(gate.finishKey() == nil)
    gate.preeditChanged("")
    #expect(gate.finishKey() == .newline, "the new line follows the commit, whenever it comes")
    #expect(!gate.isWaitingForCommit)
  }

  @Test func aLaterKeyReplacesAFollowUpThatNeverCame() {
    var gate = composing()
    _ = gate.route(.newline)
    _ = gate.route(.send)
    gate.preeditChanged("")
    #expect(gate.finishKey() == nil, "the last key routed decides")
  }

  @Test func aCancelledCompositionDropsItsFollowUpAtTheNextKey() {
    var gate = composing()
    _ = gate.route(.newline)
    gate.preeditChanged("")
    #expect(gate.isWaitingForCommit, "no commit has come yet")
    #expect(gate.route(nil) == .widget, "the user types on")
    #expect(!gate.isWaitingForCommit)
    #expect(gate.finishKey() == nil, "no stray new line at a later commit")
  }

  @Test func escapeAndUpEndTheCompositionOnly() {
    for action in [KeyAction.cancelEdit, .editLastMessage, .closeSearch, .closePopover] {
      var gate = composing()
      #expect(gate.route(action) == .inputMethod)
      gate.preeditChanged("")
      #expect(gate.finishKey() == nil)
    }
  }

  /// ibus-gtk4 with no daemon runs GTK's Ctrl+Shift+U composition but reports its preedit
  /// as empty.
  @Test func aHiddenCompositionGetsTheNextKeyUntilTheTextChanges() {
    var gate = InputMethodGate()
    gate.preeditChanged("")
    #expect(gate.isComposing)
    #expect(gate.route(.send) == .inputMethod, "Enter commits the hidden composition")
    gate.textChanged()
    #expect(gate.finishKey() == nil)
    #expect(!gate.isComposing)
    #expect(gate.route(.send) == .perform(.send))
  }

  @Test func aHiddenCompositionThatSwallowsAKeyLosesAtMostThatKey() {
    var gate = InputMethodGate()
    gate.preeditChanged("")
    #expect(gate.route(.send) == .inputMethod)
    #expect(gate.finishKey() == nil, "nothing came of it")
    #expect(gate.route(.send) == .perform(.send), "the next Enter is Natter's")
  }

  @Test func aShownCompositionThatEndsIsOver() {
    var gate = composing("ㅇ")
    gate.preeditChanged("")
    #expect(!gate.isComposing, "Backspace took the last jamo away")
  }
}
