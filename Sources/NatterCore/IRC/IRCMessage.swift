/// One IRC line: IRCv3 tags, an optional source, a command and its parameters.
///
/// Parsing follows the IRCv3 message-tags rules and the ircdocs parser test vectors: runs of
/// spaces separate parameters, the last parameter may start with `:` and then holds the rest,
/// tag values are unescaped, a tag without a value is `""` and a repeated tag keeps its last
/// value. Serialising escapes tag values and writes `:` before the last parameter only when
/// it is needed.
public struct IRCMessage: Equatable, Hashable, Sendable {
  /// The most bytes the tags may take, from `@` to the space after them (IRCv3).
  public static let maxTagBytes = 8191
  /// The most bytes the rest of the line may take (RFC 1459's 512, CR LF included).
  public static let maxBodyBytes = 512

  /// Tag values, unescaped; a tag without a value is `""`.
  public var tags: [String: String]
  /// The source without its leading `:`.
  public var source: String?
  public var command: String
  /// Every parameter, the trailing one included as the last.
  public var params: [String]

  public init(
    tags: [String: String] = [:], source: String? = nil, command: String, params: [String] = []
  ) {
    self.tags = tags
    self.source = source
    self.command = command
    self.params = params
  }

  /// Parses one line received without its CR LF.
  /// - Parameter maxBodyBytes: the server's line length (ISUPPORT `LINELEN`), so that the
  ///   echo of a line we were allowed to send is never refused as too long.
  public init(parsing line: String, maxBodyBytes: Int = IRCMessage.maxBodyBytes)
    throws(IRCParseError)
  {
    var line = line
    let limit = max(maxBodyBytes, Self.maxBodyBytes)
    let result = line.withUTF8 { Self.parse($0, maxBodyBytes: limit) }
    switch result {
    case .success(let message): self = message
    case .failure(let error): throw error
    }
  }

  /// The nickname part of the source (`nick!user@host`), or nil without a source.
  public var sourceNick: String? {
    source.map { IRCUserhost(parsing: $0).nick }
  }

  /// The line to write, without CR LF. CR, LF and NUL never reach it: a parameter holding one
  /// would end the line early and let the rest be read as a command of its own, so they are
  /// left out wherever they come from (tag values are escaped, and lose a NUL).
  public var serialized: String {
    let line = composed
    guard line.utf8.contains(where: Self.breaksLine) else { return line }
    // Each part cleaned on its own, so a parameter is still marked trailing where it must be.
    func clean(_ text: String) -> String {
      text.utf8.contains(where: Self.breaksLine)
        ? String(decoding: text.utf8.filter { !Self.breaksLine($0) }, as: UTF8.self) : text
    }
    var tags: [String: String] = [:]
    for key in self.tags.keys.sorted() { tags[clean(key)] = clean(self.tags[key] ?? "") }
    return IRCMessage(
      tags: tags, source: source.map(clean), command: clean(command), params: params.map(clean)
    ).composed
  }

  private static func breaksLine(_ byte: UInt8) -> Bool { byte == 13 || byte == 10 || byte == 0 }

  private var composed: String {
    var line = ""
    if !tags.isEmpty {
      line += "@"
      var first = true
      for key in tags.keys.sorted() {
        if !first { line += ";" }
        first = false
        line += key
        if let value = tags[key], !value.isEmpty {
          line += "="
          line += Self.escapeTagValue(value)
        }
      }
      line += " "
    }
    if let source {
      line += ":" + source + " "
    }
    line += command
    for (index, param) in params.enumerated() {
      line += " "
      if index == params.count - 1,
        param.isEmpty || param.utf8.first == UInt8(ascii: ":") || param.utf8.contains(space)
      {
        line += ":"
      }
      line += param
    }
    return line
  }

  /// A tag value as written on the wire.
  public static func escapeTagValue(_ value: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      switch scalar {
      case ";": escaped += "\\:"
      case " ": escaped += "\\s"
      case "\\": escaped += "\\\\"
      case "\r": escaped += "\\r"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxBodyBytes: Int) -> Result<
    IRCMessage, IRCParseError
  > {
    let count = bytes.count
    var index = 0
    var tags: [String: String] = [:]
    if count > 0, bytes[0] == at {
      // Sized once: growing a dictionary tag by tag costs more than parsing the tags.
      tags.reserveCapacity(8)
      var end = 1
      while end < count, bytes[end] != space { end += 1 }
      guard end < count else { return .failure(.onlyTags) }
      guard end + 1 <= maxTagBytes else { return .failure(.tagsTooLong(bytes: end + 1)) }
      parseTags(bytes, from: 1, to: end, into: &tags)
      index = end
    }
    while index < count, bytes[index] == space { index += 1 }
    guard index < count else { return .failure(bytes.first == at ? .onlyTags : .empty) }
    guard count - index <= maxBodyBytes else { return .failure(.tooLong(bytes: count - index)) }

    var source: String?
    if bytes[index] == colon {
      let end = tokenEnd(bytes, from: index + 1)
      source = string(bytes, index + 1, end)
      index = end
      while index < count, bytes[index] == space { index += 1 }
      guard index < count else { return .failure(.missingCommand) }
    }
    let commandEnd = tokenEnd(bytes, from: index)
    if bytes[index..<commandEnd].contains(where: { !isAlphanumeric($0) }) {
      return .failure(.invalidCommand)
    }
    let command = string(bytes, index, commandEnd)
    index = commandEnd

    var params: [String] = []
    params.reserveCapacity(4)
    while true {
      while index < count, bytes[index] == space { index += 1 }
      guard index < count else { break }
      if bytes[index] == colon {
        params.append(string(bytes, index + 1, count))
        break
      }
      let end = tokenEnd(bytes, from: index)
      params.append(string(bytes, index, end))
      index = end
    }
    return .success(IRCMessage(tags: tags, source: source, command: command, params: params))
  }

  private static func parseTags(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into tags: inout [String: String]
  ) {
    var index = start
    while index < end {
      var keyEnd = index
      while keyEnd < end, bytes[keyEnd] != semicolon, bytes[keyEnd] != equals { keyEnd += 1 }
      let key = string(bytes, index, keyEnd)
      var value = ""
      index = keyEnd
      if index < end, bytes[index] == equals {
        index += 1
        var valueEnd = index
        var escaped = false
        while valueEnd < end, bytes[valueEnd] != semicolon {
          if bytes[valueEnd] == backslash { escaped = true }
          valueEnd += 1
        }
        value = escaped ? unescape(bytes, index, valueEnd) : string(bytes, index, valueEnd)
        index = valueEnd
      }
      if !key.isEmpty { tags[key] = value }
      index += 1  // the `;`
    }
  }

  /// A tag value as sent, unescaped: for values escaped as tags are outside a tag (soju's
  /// bouncer-network attributes).
  static func unescapeTagValue(_ text: some StringProtocol) -> String {
    Array(text.utf8).withUnsafeBufferPointer { unescape($0, 0, $0.count) }
  }

  /// Unescapes char by char, so `\\n` is a backslash and `n`; `\` before any other byte is
  /// dropped, and so is a `\` that ends the value.
  private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> String
  {
    var out: [UInt8] = []
    out.reserveCapacity(end - start)
    var index = start
    while index < end {
      let byte = bytes[index]
      index += 1
      guard byte == backslash else {
        out.append(byte)
        continue
      }
      guard index < end else { break }
      let next = bytes[index]
      index += 1
      switch next {
      case colon: out.append(semicolon)
      case UInt8(ascii: "s"): out.append(space)
      case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
      default: out.append(next)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func tokenEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var end = start
    while end < bytes.count, bytes[end] != space { end += 1 }
    return end
  }

  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> String
  {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"):
    return true
  default:
    return false
  }
}

private let space = UInt8(ascii: " ")
private let colon = UInt8(ascii: ":")
private let semicolon = UInt8(ascii: ";")
private let equals = UInt8(ascii: "=")
private let backslash = UInt8(ascii: "\\")
private let at = UInt8(ascii: "@")
