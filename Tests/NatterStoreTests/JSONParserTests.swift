import Testing

@testable import NatterStore

@Suite struct JSONParserTests {
  private func parse(_ text: String) throws -> JSONValue {
    var bytes = Array(text.utf8)
    return try bytes.withUnsafeMutableBufferPointer {
      try JSONParser.parse(UnsafeBufferPointer($0))
    }
  }

  private func encode(_ text: String) -> String {
    var out: [UInt8] = []
    JSONLineEncoder.appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test func parsesNestedValues() throws {
    let value = try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#)
    #expect(
      value
        == .object([
          (
            "a",
            .array([
              .number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("x"),
            ])
          ),
          ("b", .object([])),
        ]))
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    #expect(
      try parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#) == .string("a\"\\/\u{8}\u{c}\n\r\té😀"))
  }

  @Test func rejectsMalformedInput() {
    for text in [
      "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"abc", "\"\\x\"", "\"\\ud800\"",
      "\"\\udc00\"", "\"a\u{1}b\"", "{\"a\" 1}", "[1] 2", "{1:2}",
      String(repeating: "[", count: 100),
    ] {
      #expect(throws: JSONParser.Failure.self, "\(text)") { try parse(text) }
    }
  }

  @Test func rejectsInvalidUTF8() {
    var bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
    #expect(throws: JSONParser.Failure.self) {
      try bytes.withUnsafeMutableBufferPointer { try JSONParser.parse(UnsafeBufferPointer($0)) }
    }
  }

  @Test func encoderEscapesPerRFC8259AndRoundTrips() throws {
    #expect(encode("a\"b\\c\n\u{0}\u{1f}é/") == #""a\"b\\c\n\u0000\u001fé/""#)
    for text in ["", "plain", "tab\tand\r\nnewline", "\u{0}\u{7}\u{7f}", "emoji 😀 e\u{301}"] {
      #expect(try parse(encode(text)) == .string(text))
    }
  }
}
