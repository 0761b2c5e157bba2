import Foundation
import NatterCore

// libFuzzer targets for what Natter reads from outside (issue 30): built with
// `-sanitize=fuzzer,address` by meson-helpers/fuzz.sh, which picks the target with
// NATTER_FUZZ_TARGET. Each target also checks the property its callers rely on, so a wrong
// answer is found as well as a crash: `fatalError` is a finding.

/// The targets, each fed one input.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
  "irc-line": ircLine,
  "irc-tags": ircTags,
  "server-time": serverTime,
  "irc-text": ircText,
  "irc-session": ircSession,
  "json-line": jsonLine,
  "search-query": searchQuery,
  "db-page": dbPage,
]

let chosen: @Sendable ([UInt8]) -> Void = {
  let name = ProcessInfo.processInfo.environment["NATTER_FUZZ_TARGET"] ?? ""
  guard let target = targets[name] else {
    fatalError("NATTER_FUZZ_TARGET must be one of \(targets.keys.sorted())")
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  chosen(bytes)
  return 0
}

/// A line as the connection reads it: parsed, and whatever parses serialises to one line
/// that parses back the same.
func ircLine(_ bytes: [UInt8]) {
  let text = IRCText.decode(bytes)
  guard let message = try? IRCMessage(parsing: text) else { return }
  let line = message.serialized
  if line.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
    fatalError("a serialised line holds CR, LF or NUL: \(line.debugDescription)")
  }
  _ = message.sourceNick
  _ = try? IRCMessage(parsing: line)
}

/// Tag values and keys through the parser's unescaping, then escaped again.
func ircTags(_ bytes: [UInt8]) {
  let text = "@" + IRCText.decode(bytes) + " :n!u@h PRIVMSG #c :x"
  guard let message = try? IRCMessage(parsing: text) else { return }
  let again = try? IRCMessage(parsing: message.serialized)
  if let again, again.command != message.command {
    fatalError("tags changed the command: \(text.debugDescription)")
  }
}

func serverTime(_ bytes: [UInt8]) {
  guard let date = IRCServerTime.parse(IRCText.decode(bytes)) else { return }
  if !date.timeIntervalSince1970.isFinite { fatalError("a time that is not finite") }
  _ = IRCServerTime.format(date)
}

/// CTCP and mIRC formatting: the plain text never keeps a formatting code.
func ircText(_ bytes: [UInt8]) {
  let text = IRCText.decode(bytes)
  let plain = IRCText.stripFormatting(text)
  if plain.unicodeScalars.contains(where: {
    [0x02, 0x03, 0x04, 0x0F, 0x11, 0x16, 0x1D, 0x1E, 0x1F].contains($0.value)
  }) {
    fatalError("a formatting code survived: \(text.debugDescription)")
  }
  // The runs lie in order inside the plain text, on scalar boundaries: a label given them
  // would otherwise style the wrong bytes or split a character.
  let utf8 = Array(plain.utf8)
  var end = 0
  for run in IRCFormatting(parsing: text).runs {
    let range = run.range
    if range.lowerBound < end || range.upperBound > utf8.count || range.isEmpty
      || [range.lowerBound, range.upperBound].contains(where: {
        $0 < utf8.count && utf8[$0] & 0xC0 == 0x80
      })
    {
      fatalError("a run outside its text: \(text.debugDescription)")
    }
    end = range.upperBound
  }
  if let formatted = IRCFormatting.original(text, shown: plain),
    IRCText.stripFormatting(formatted) != plain
  {
    fatalError("a formatted original that is not its body: \(text.debugDescription)")
  }
  _ = IRCText.ctcp(text)
  _ = IRCText.mentions("natter", in: text, casemapping: .rfc1459)
}

/// A whole session: the input's lines fed to a connection that registered, with the clock
/// moving, messages sent and reconnects now and then.
func ircSession(_ bytes: [UInt8]) {
  var connection = IRCConnection(
    account: IRCAccount(nick: "me", channels: [IRCAccount.Channel("#natter")]))
  var now = Date(timeIntervalSince1970: 1_800_000_000)
  _ = connection.handle(.connectNow, at: now)
  _ = connection.handle(.connected, at: now)
  var index = 0
  for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
    index += 1
    var line = Array(line)
    if line.last == 13 { line.removeLast() }
    now += Double(line.first ?? 0) / 16
    for effect in connection.handle(.lineReceived(IRCText.decode(line)), at: now) {
      if case .write(let written) = effect,
        written.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
      {
        fatalError("wrote a line holding CR, LF or NUL: \(written.debugDescription)")
      }
    }
    if index % 7 == 0 {
      _ = connection.handle(
        .send(IRCOutgoing(id: "f\(index)", target: "#natter", body: "fuzz \(index)")), at: now)
    }
    if index % 11 == 0 { _ = connection.handle(.tick, at: now + 90) }
    if index % 29 == 0 {
      _ = connection.handle(.disconnected(reason: "fuzz"), at: now)
      _ = connection.handle(.connectNow, at: now)
      _ = connection.handle(.connected, at: now)
    }
  }
}

/// One line of a JSON Lines import: parsed and validated as `natter --import` does.
func jsonLine(_ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { buffer in
    guard let value = try? JSONParser.parse(buffer) else { return }
    _ = try? ExportRecord(json: value)
  }
}

/// The search bar's text: terms, tags and the words the full-text query quotes, which must
/// never hold a `"` (the query's quoting has no escape).
func searchQuery(_ bytes: [UInt8]) {
  let text = IRCText.decode(bytes)
  let query = SearchQuery(parsing: text)
  _ = query.matches(Message(sender: "bob", sentAt: Date(), body: text, tags: ["a"]))
  for word in SearchWords.words(in: text) where word.contains("\"") {
    fatalError("a search word holds a quote: \(text.debugDescription)")
  }
}

/// A page of a damaged history, as salvage reads it (issue 30): its cells, their records and
/// the rows they would be, with no trap whatever the bytes. A record that decodes takes up
/// its payload exactly, so one byte more must not decode; the same bytes as a record and
/// under the WAL checksum must not trap either.
func dbPage(_ bytes: [UInt8]) {
  var page = bytes
  if page.count < 512 { page += [UInt8](repeating: 0, count: 512 - page.count) }
  let usable = 1 << (Int.bitWidth - 1 - min(page.count, 65536).leadingZeroBitCount)
  for number in [1, 2] {
    guard let parsed = BTreePage(page, number: number, usableSize: usable) else { continue }
    _ = parsed.fitsItsPage()
    for offset in parsed.cellOffsets {
      guard let cell = parsed.cell(at: offset) else { continue }
      if cell.overflow == nil, cell.local.count != Int(cell.size) {
        fatalError("a cell without overflow holds \(cell.local.count) of \(cell.size) bytes")
      }
      guard let record = RecordDecoder.decode(Array(cell.local)) else { continue }
      _ = RowShape.message(record, seq: cell.rowid, conversations: [1: Message.notes])
      _ = RowShape.conversationURL(record)
      _ = RowShape.tag(record)
    }
  }
  if RecordDecoder.decode(bytes) != nil, RecordDecoder.decode(bytes + [0]) != nil {
    fatalError("a record decodes with a byte past its end")
  }
  var offset = 0
  while let (_, length) = Varint.read(bytes, at: offset, end: bytes.count) { offset += length }
  _ = WriteAheadLog.checksum(bytes[...], bigEndian: bytes.first == 0x83, seed: (1, 2))
}
