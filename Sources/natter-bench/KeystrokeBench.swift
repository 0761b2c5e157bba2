import Foundation
import NatterCore

/// The composer controller's cost per keystroke, in process: with a draft of 1 KB, 100 KB
/// and 1 MB already reported, time what one typed character costs the controller (the edit
/// report, the key context and keymap lookup a key press makes, and Space's hashtag check).
/// SPEC §8 asks that this stay flat as the draft grows.
///
/// Beside it, the same keystrokes with spelling's bookkeeping added (issue 31), as
/// `ComposerView+Spelling` does it for each edit, in NatterCore terms: the queue told of the
/// insertion, then the idle that follows a typed key: a new scope, the edited paragraph's
/// slice read and cut, its words found, and the slice marked checked. The dictionary lookups
/// run on the spelling worker and the underline is GTK's; neither is counted here.
///
/// Typed as the controller's figure is, into one growing paragraph: once it is longer than
/// the 1,024-character window, a key reads the window from 64 characters before the caret and
/// checks from the white space before the word being typed, one word. Typed in paragraphs of
/// 80 characters (a line break in place of the key past the 80th, as Shift+Enter makes), a key
/// re-checks its whole paragraph, every word of it so far: what most messages cost.
enum KeystrokeBench {
  struct Result {
    let draftBytes: Int
    /// Median nanoseconds per keystroke over the batches.
    let nanoseconds: Double
    /// The same with spelling's bookkeeping for each keystroke.
    let spellingNanoseconds: Double
    /// The controller alone, and with spelling, typing paragraphs of `shortParagraph`.
    let shortNanoseconds: Double
    let shortSpellingNanoseconds: Double
  }

  static let shortParagraph = 80

  static let draftSizes = [1_024, 102_400, 1_048_576]

  /// Nicknames the scope is made with, as a busy channel's members and recent speakers.
  private static let nicknames = (0..<50).map { "member\($0)" } + ["alice", "bob", "carol"]

  static func run(batches: Int = 21, keysPerBatch: Int = 20_000) -> [Result] {
    draftSizes.map { size in
      let line = "a draft line with some words, typed and pasted over time\n"
      let draft = String(String(repeating: line, count: size / line.utf8.count + 1).prefix(size))
      var typists = [
        (Typist(draft: draft), false), (Typist(draft: draft), true),
        (Typist(draft: draft, paragraphs: shortParagraph), false),
        (Typist(draft: draft, paragraphs: shortParagraph), true),
      ]
      var samples = [[Double]](repeating: [], count: typists.count)
      var sink = 0
      // In turns, so that other work on the machine moves all alike.
      for _ in 0..<batches {
        for which in typists.indices {
          let spelling = typists[which].1
          let start = DispatchTime.now().uptimeNanoseconds
          for index in 0..<keysPerBatch {
            sink &+= typists[which].0.type(index: index, spelling: spelling)
          }
          let elapsed = DispatchTime.now().uptimeNanoseconds - start
          samples[which].append(Double(elapsed) / Double(keysPerBatch))
        }
      }
      // Keeps the optimiser from discarding the work.
      if sink == 42 { print("", terminator: "") }
      return Result(
        draftBytes: size, nanoseconds: Stats.median(samples[0]),
        spellingNanoseconds: Stats.median(samples[1]), shortNanoseconds: Stats.median(samples[2]),
        shortSpellingNanoseconds: Stats.median(samples[3]))
    }
  }

  /// A draft being typed at its end: the controller, and what spelling keeps beside it.
  private struct Typist {
    var controller = ComposerController(sender: "me")
    var caret: Int
    var queue = SpellCheckQueue()
    /// The last paragraph (the one typed into): where it starts, and its characters, as
    /// the view reads them from the buffer.
    var paragraphStart: Int
    var paragraph: [Unicode.Scalar]
    /// The last paragraph's length, kept without spelling too (it decides the line breaks).
    var paragraphLength: Int
    /// A line break in place of the key that would make the paragraph longer than this.
    let paragraphs: Int?

    init(draft: String, paragraphs: Int? = nil) {
      self.paragraphs = paragraphs
      controller.textInserted(draft, at: 0)
      let scalars = Array(draft.unicodeScalars)
      caret = scalars.count
      let lastBreak = scalars.lastIndex(of: "\n").map { $0 + 1 } ?? 0
      paragraphStart = lastBreak
      paragraph = Array(scalars[lastBreak...])
      paragraphLength = paragraph.count
    }

    mutating func type(index: Int, spelling: Bool) -> Int {
      let (handled, text) = keystroke(index: index)
      let found = spelling ? spellingEdit(text) : 0
      paragraphLength = text == "\n" ? 0 : paragraphLength + 1
      return handled &+ found
    }

    /// One key as the composer handles it: Space goes through the hashtag check, other keys
    /// through the keymap; then the buffer's insertion is reported.
    private mutating func keystroke(index: Int) -> (Int, String) {
      let context = controller.keyContext(
        focus: .composer, caretAtStart: caret == 0, hasSelection: false,
        sendKey: .enter)
      var handled = 0
      let text: String
      if index % 6 == 5 {
        // The view hands over at most `lookbehind` scalars before the caret, never the draft.
        let window = "word "
        if Keymap.action(for: .space, modifiers: [], in: context) != nil {
          let response = controller.delimiterTyped(
            before: window, windowStartsText: false, caret: caret)
          handled = response.passesKeyToWidget ? 1 : 2
        }
        text = " "
      } else {
        handled = Keymap.action(for: .t, modifiers: [], in: context) == nil ? 0 : 1
        text = paragraphs.map { paragraphLength >= $0 } == true ? "\n" : "x"
      }
      controller.textInserted(text, at: caret)
      caret += 1
      return (handled &+ (controller.canSend ? 1 : 0), text)
    }

    /// `spellingTextInserted`, then the idle's `checkSpellingSlices` until nothing is pending
    /// (a typed key leaves one slice: the edited paragraph, or the window of a long one
    /// around the caret), without the dictionary and the text tag.
    private mutating func spellingEdit(_ text: String) -> Int {
      let offset = caret - 1
      queue.inserted(text.unicodeScalars.count, at: offset)
      // A line break is checked as the end of the paragraph before it.
      let breaks = text == "\n"
      if !breaks { paragraph.append(contentsOf: text.unicodeScalars) }
      defer {
        if breaks {
          paragraphStart = caret
          paragraph = []
        }
      }
      // `scheduleSpellCheck` drops the scope; the idle makes a new one.
      let scope = SpellCheckScope(nicknames: KeystrokeBench.nicknames)
      var found = 0
      while let next = queue.next {
        let range = paragraphStart..<(paragraphStart + paragraph.count)
        let slice = SpellCheckQueue.slice(from: next.lowerBound, paragraph: range)
        let read = paragraph[
          (slice.read.lowerBound - paragraphStart)..<(slice.read.upperBound - paragraphStart)]
        let text = String(String.UnicodeScalarView(read))
        let cut = slice.cut(text)
        let base = slice.read.lowerBound + cut.check.lowerBound
        let part = String(String.UnicodeScalarView(Array(text.unicodeScalars)[cut.check]))
        let words = scope.words(in: part, opensMessage: base == 0, composingAt: nil)
        found &+= words.count
        queue.checked(cut.done)
      }
      return found
    }
  }
}
