import Foundation
import NatterCore

@testable import NatterStore

/// Messages and stores the tests build on.
enum Fixtures {
  /// 2026-11-29T18:55:41Z, on a whole second so stored and original dates compare equal.
  static let baseDate = Date(timeIntervalSince1970: 1_795_978_541)

  static func message(
    _ n: Int, sender: String = "alice", body: String? = nil, tags: [String] = [],
    secondsAfterBase: Double? = nil
  ) -> Message {
    Message(
      id: id(n), sender: sender,
      sentAt: baseDate.addingTimeInterval(secondsAfterBase ?? Double(n)),
      body: body ?? "message \(n)", tags: tags)
  }

  /// Message `n` from `sender` in `channel`, with msgid `m<n>`: a mention, or a status line.
  static func channelMessage(
    _ n: Int, in channel: String, from sender: String, mention: Bool = false,
    status: Bool = false
  ) -> Message {
    var message = message(n, sender: sender)
    message.conversation = channel
    message.msgid = "m\(n)"
    message.mentionsMe = mention
    if status { message.kind = .status }
    return message
  }

  /// A UUID-shaped id that sorts by `n`.
  static func id(_ n: Int) -> String {
    let digits = String(n)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
  }

  /// A store on a real file in `directory`, which must open normally.
  static func store(in directory: TemporaryDirectory) throws -> MessageStore {
    let result = MessageStore.open(dataDirectory: directory.url)
    guard case .opened(let store) = result else {
      throw FixtureError.unexpected("open gave \(result)")
    }
    return store
  }

  static func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
  }
}

/// A precondition of a test that did not hold.
enum FixtureError: Error {
  case unexpected(String)
}
