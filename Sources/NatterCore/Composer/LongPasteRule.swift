/// A message of many lines to a channel is asked about before it goes (SPEC §13: "a paste of
/// more than 5 lines into a channel asks first"); private chats and `Notes` never ask.
public enum LongPasteRule {
  /// More lines than this ask first.
  public static let maxUnasked = 5

  /// The number of lines to confirm before sending `body` where `kind` says, or nil to send
  /// at once. Lines count as the IRC sender makes them: one PRIVMSG per line of the body,
  /// empty lines skipped (a line of spaces is sent, so it counts). A `/command` never asks;
  /// `//text` is text.
  public static func linesToConfirm(_ body: String, in kind: ConversationList.Kind) -> Int? {
    // A command is not lines of text to the channel (`/me` and `/msg` go elsewhere or once).
    guard kind == .channel, !SlashCommand.isCommandLine(body.prefix(2)) else { return nil }
    let lines = lineCount(body)
    return lines > maxUnasked ? lines : nil
  }

  /// The lines `IRCOutgoing.texts(maxBytes:)` sends `body` as, before long ones are split.
  static func lineCount(_ body: String) -> Int {
    var count = 0
    var hasText = false
    for scalar in body.unicodeScalars {
      if scalar == "\n" {
        if hasText { count += 1 }
        hasText = false
      } else if scalar != "\r" && scalar != "\0" {
        hasText = true
      }
    }
    return hasText ? count + 1 : count
  }

  /// The question: `Send 12 lines to #natter?`.
  public static func question(lines: Int, to name: String) -> String {
    localizedPlural(
      "Send {count} line to {name}?", "Send {count} lines to {name}?", count: lines,
      ["count": String(lines), "name": name])
  }

  /// The button that sends: `Send 12 lines`.
  public static func sendButton(lines: Int) -> String {
    localizedPlural(
      "Send {count} line", "Send {count} lines", count: lines, ["count": String(lines)])
  }

  /// The detail under the question: where the server takes `draft/multiline`, the lines go
  /// as one message, which clients without it still show line by line.
  public static func detail(asOneMessage: Bool) -> String {
    asOneMessage
      ? localized("They go as one message; clients that cannot show one see each line.")
      : localized("Each line goes to the channel as a message of its own.")
  }
}
