// A child process for the crash-safety test, and a timing path for large imports.
//
//   natter-store-torture insert DIR SEED   insert messages forever; print each id once stored
//   natter-store-torture bench DIR LINES   time an import of LINES generated messages
import Foundation
import NatterCore
import NatterStore
import SeededRandom

func fail(_ text: String) -> Never {
  FileHandle.standardError.write(Data((text + "\n").utf8))
  exit(1)
}

/// Writes straight to fd 1: no stdio buffer may hold an id back when SIGKILL arrives.
func report(_ line: String) {
  var bytes = Array((line + "\n").utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes {
      write(1, $0.baseAddress.map { $0 + offset }, $0.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      exit(2)
    }
    offset += written
  }
}

func openStore(_ path: String) -> MessageStore {
  switch MessageStore.open(dataDirectory: URL(fileURLWithPath: path)) {
  case .opened(let store): return store
  case let other: fail("store did not open normally: \(String(describing: other))")
  }
}

func insertForever(directory: String, seed: UInt64) -> Never {
  let store = openStore(directory)
  var generator = SeededGenerator(seed: seed)
  var serial = 0
  while true {
    serial += 1
    let size = Int(generator.next() % 2000)
    let message = Message(
      sender: serial % 3 == 0 ? "bob" : "alice", sentAt: Date(),
      body: "message \(serial) " + String(repeating: "x", count: size),
      tags: serial % 4 == 0 ? ["crash", "Tag\(serial % 7)"] : [])
    do {
      try store.insert(message)
      if serial % 5 == 0 { try store.saveDraft(StoredDraft(text: "draft \(serial)", chips: ["d"])) }
    } catch {
      fail("insert failed: \(error)")
    }
    report(message.id)
  }
}

func bench(directory: String, lines: Int) {
  let dir = URL(fileURLWithPath: directory)
  let file = dir.appendingPathComponent("import.jsonl")
  var text: [UInt8] = []
  let base: Int64 = 1_764_000_000
  let formatter = ISO8601DateFormatter()
  func iso(_ seconds: Int64) -> String {
    formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }
  for i in 0..<lines {
    let tags = i % 3 == 0 ? #"["swift","Natter"]"# : "[]"
    let body = "Message number \(i) about things and stuff, the quick brown fox"
    let line =
      #"{"id":"\#(UUID().uuidString.lowercased())","sender":"user\#(i % 5)","#
      + #""sent_at":"\#(iso(base + Int64(i)))","body":"\#(body)","tags":\#(tags),"edited":false}"#
    text.append(contentsOf: line.utf8)
    text.append(10)
  }
  guard FileManager.default.createFile(atPath: file.path, contents: Data(text)) else {
    fail("cannot write \(file.path)")
  }
  let store = openStore(directory)
  let start = Date()
  do {
    let summary = try store.import(from: file)
    let seconds = Date().timeIntervalSince(start)
    let dbPath = dir.appendingPathComponent(MessageStore.databaseFileName).path
    let attributes = try? FileManager.default.attributesOfItem(atPath: dbPath)
    let size = (attributes?[.size] as? Int) ?? 0
    print(
      "imported \(summary.inserted) in \(String(format: "%.2f", seconds)) s; "
        + "file \(text.count) bytes; database \(size) bytes")
    func timed(_ label: String, _ body: () throws -> Void) rethrows {
      let start = Date()
      try body()
      print("\(label): \(String(format: "%.1f", Date().timeIntervalSince(start) * 1000)) ms")
    }
    timed("open") { _ = openStore(directory) }
    try timed("count") { _ = try store.count() }
    try timed("newest page of 50") { _ = try store.messages(.older, from: nil, limit: 50) }
    try timed("cursor at middle") { _ = try store.cursor(atPosition: lines / 2) }
    try timed("cursor at quarter") { _ = try store.cursor(atPosition: lines / 4) }
    try timed("search 'fox' limit 50") { _ = try store.search(query: "fox", tags: [], limit: 50) }
    try timed("search #swift limit 50") {
      _ = try store.search(query: "", tags: ["swift"], limit: 50)
    }
    try timed("recent tags") { _ = try store.recentTags(limit: 20) }
    try timed("export") { try store.export(to: dir.appendingPathComponent("export.jsonl")) }
  } catch {
    fail("import failed: \(error)")
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else { fail("usage: natter-store-torture insert|bench DIR N") }
switch arguments[1] {
case "insert": insertForever(directory: arguments[2], seed: UInt64(arguments[3]) ?? 1)
case "bench": bench(directory: arguments[2], lines: Int(arguments[3]) ?? 1_000_000)
default: fail("unknown mode \(arguments[1])")
}
