import Foundation
import NatterCore

/// The composer controller's cost per keystroke, in process: with a draft of 1 KB, 100 KB
/// and 1 MB already reported, time what one typed character costs the controller (the edit
/// report, the key context and keymap lookup a key press makes, and Space's hashtag check).
/// SPEC §8 asks that this stay flat as the draft grows.
enum KeystrokeBench {
  struct Result {
    let draftBytes: Int
    /// Median nanoseconds per keystroke over the batches.
    let nanoseconds: Double
  }

  static let draftSizes = [1_024, 102_400, 1_048_576]

  static func run(batches: Int = 21, keysPerBatch: Int = 20_000) -> [Result] {
    draftSizes.map { size in
      var controller = ComposerController(sender: "me")
      let line = "a draft line with some words, typed and pasted over time\n"
      let draft = String(String(repeating: line, count: size / line.utf8.count + 1).prefix(size))
      controller.textInserted(draft, at: 0)
      var caret = draft.unicodeScalars.count
      var samples: [Double] = []
      var sink = 0
      for _ in 0..<batches {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<keysPerBatch {
          sink &+= keystroke(&controller, index: index, caret: &caret)
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples.append(Double(elapsed) / Double(keysPerBatch))
      }
      // Keeps the optimiser from discarding the work.
      if sink == 42 { print("", terminator: "") }
      return Result(draftBytes: size, nanoseconds: Stats.median(samples))
    }
  }

  /// One key as the composer handles it: Space goes through the hashtag check, other keys
  /// through the keymap; then the buffer's insertion is reported.
  private static func keystroke(
    _ controller: inout ComposerController, index: Int, caret: inout Int
  ) -> Int {
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
      text = "x"
    }
    controller.textInserted(text, at: caret)
    caret += 1
    return handled &+ (controller.canSend ? 1 : 0)
  }
}
