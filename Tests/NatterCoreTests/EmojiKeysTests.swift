import NatterCore
import Testing

/// The keys while `:name` completions show, and their order with the input method's gate.
@Suite("Emoji keys")
struct EmojiKeysTests {
  private var shown: KeyContext {
    var context = KeyContext(composerEmpty: false, caretAtStart: false, isReplying: true)
    context.emojiCompletionShown = true
    return context
  }

  private func action(_ key: Key, _ context: KeyContext, _ modifiers: KeyModifiers = [])
    -> KeyAction?
  {
    Keymap.action(for: key, modifiers: modifiers, in: context)
  }

  @Test func whileShownTheCompletionHasUpDownTabEnterAndEscape() {
    #expect(action(.up, shown) == .previousEmoji)
    #expect(action(.down, shown) == .nextEmoji)
    #expect(action(.tab, shown) == .insertEmoji)
    #expect(action(.enter, shown) == .insertEmoji, "Enter inserts rather than sends")
    #expect(action(.escape, shown) == .dismissEmoji, "not the reply's cancel")
    #expect(action(.enter, shown, .shift) == .newline)
  }

  @Test func withoutItEnterSendsAndEscapeKeepsItsMeaning() {
    var context = shown
    context.emojiCompletionShown = false
    #expect(action(.enter, context) == .send)
    #expect(action(.escape, context) == .cancelReply)
  }

  @Test func anInputMethodsCompositionTakesEnterAndTabFirst() {
    for key in [Key.enter, .tab] {
      var gate = InputMethodGate()
      gate.preeditChanged("ㅎ")
      #expect(gate.route(action(key, shown)) == .inputMethod)
      gate.preeditChanged("")
      #expect(gate.finishKey() == nil, "the commit used the key; nothing is inserted")
    }
  }

  @Test func ctrlPeriodOpensGtksChooser() {
    #expect(action(.period, KeyContext(), .control) == .emojiChooser)
    #expect(Key(gdkName: "period") == .period)
    #expect(Keymap.shortcuts.contains { $0.label == "Ctrl+." && $0.action == .emojiChooser })
  }
}
