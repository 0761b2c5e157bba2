import NatterCore

/// Writes the export format byte for byte the same every time: fixed key order, no spaces.
///
/// `{"id":"…","sender":"…","sent_at":"…","body":"…","tags":["…"],"edited":false}`
enum JSONLineEncoder {
  /// Appends one message line, including its newline.
  static func appendLine(_ record: ExportRecord, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"id":"#.utf8)
    appendString(record.id, to: &out)
    out.append(contentsOf: #","sender":"#.utf8)
    appendString(record.sender, to: &out)
    out.append(contentsOf: #","sent_at":""#.utf8)
    Timestamp.append(record.sentAtMilliseconds, to: &out)
    out.append(contentsOf: #"","body":"#.utf8)
    appendString(record.body, to: &out)
    out.append(contentsOf: #","tags":"#.utf8)
    appendArray(record.tags, to: &out)
    out.append(contentsOf: record.edited ? #","edited":true"#.utf8 : #","edited":false"#.utf8)
    // Local history leaves the key out, so files from before conversations stay byte-identical.
    if record.conversation != Message.notes {
      out.append(contentsOf: #","conversation":"#.utf8)
      appendString(record.conversation, to: &out)
    }
    // Likewise a plain message: `action`, `notice` and `status` name themselves.
    if record.kind != .message {
      out.append(contentsOf: #","kind":"#.utf8)
      appendString(record.kind.rawValue, to: &out)
    }
    if let formatted = record.formatted {
      out.append(contentsOf: #","formatted":"#.utf8)
      appendString(formatted, to: &out)
    }
    // Replies and reactions name themselves too: a line without them reads as before.
    if let replyTo = record.replyTo {
      out.append(contentsOf: #","reply_to":"#.utf8)
      appendString(replyTo, to: &out)
    }
    if !record.reactions.isEmpty {
      out.append(contentsOf: #","reactions":["#.utf8)
      for (index, reaction) in record.reactions.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: #"{"sender":"#.utf8)
        appendString(reaction.sender, to: &out)
        out.append(contentsOf: #","emoji":"#.utf8)
        appendString(reaction.emoji, to: &out)
        out.append(contentsOf: #","sent_at":""#.utf8)
        Timestamp.append(reaction.sentAtMilliseconds, to: &out)
        out.append(contentsOf: reaction.isOwn ? #"","own":true}"#.utf8 : #"","own":false}"#.utf8)
      }
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "}"))
    out.append(UInt8(ascii: "\n"))
  }

  /// Appends `["a","b"]`.
  static func appendArray(_ strings: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, string) in strings.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendString(string, to: &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  /// Appends a JSON string per RFC 8259 §7: quote, backslash and C0 controls escaped; all other
  /// characters, including non-ASCII, written as UTF-8.
  static func appendString(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
      case 0x08: out.append(contentsOf: [92, UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [92, UInt8(ascii: "f")])
      case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [
          92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
