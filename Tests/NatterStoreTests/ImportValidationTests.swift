import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Import applies the composer's rules and names every line that breaks them (issue 13).
@Suite struct ImportValidationTests {
  private func line(
    id: String = "m", body: String = "fine", tags: [String] = [],
    sentAt: String = "2026-11-29T18:55:41Z", sender: String = "s"
  ) -> String {
    func quoted(_ text: String) -> String {
      var bytes: [UInt8] = []
      JSONLineEncoder.appendString(text, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    return #"{"id":\#(quoted(id)),"sender":\#(quoted(sender)),"sent_at":"\#(sentAt)","#
      + #""body":\#(quoted(body)),"tags":[\#(tags.map(quoted).joined(separator: ","))]}"#
  }

  private func importing(_ lines: [String]) throws -> (
    MessageStore, Result<ImportSummary, ImportError>
  ) {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let file = dir.file("in.jsonl")
    try Fixtures.write(lines.joined(separator: "\n") + "\n", to: file)
    return (store, Result { () throws(ImportError) in try store.import(from: file) })
  }

  @Test func everyLineTheComposerWouldRefuseIsNamedAndNothingIsImported() throws {
    let lines = [
      line(id: "ok1"),
      line(id: "big", body: String(repeating: "x", count: 10 << 20)),
      line(id: "  "),
      line(id: "blank", body: " \n\t "),
      line(id: "space", tags: ["two words"]),
      line(id: "hash", tags: ["#swift"]),
      line(id: "many", tags: (0..<10_000).map { "t\($0)" }),
      line(id: "dup", tags: ["Swift", "swift"]),
      line(id: "digits", tags: ["123"]),
      line(id: "ok2", tags: ["swift"]),
      line(id: "twentyone", tags: (0..<21).map { "t\($0)" }),
    ]
    let (store, result) = try importing(lines)
    guard case .failure(.invalidLines(let problems, let total)) = result else {
      Issue.record("expected invalid lines, got \(result)")
      return
    }
    #expect(problems.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 11])
    #expect(total == 9)
    let reasons = problems.map(\.reason)
    #expect(reasons[0].contains("10,485,760 characters") && reasons[0].contains("100,000"))
    #expect(reasons[1] == "the id is blank")
    #expect(reasons[2] == "the body is blank")
    #expect(reasons[3].contains("\"two words\" is not a tag"))
    #expect(reasons[4].contains("\"#swift\" is not a tag"))
    #expect(reasons[5].contains("10,000 tags") && reasons[5].count < 200)
    #expect(reasons[6] == "the tag \"swift\" appears twice")
    #expect(reasons[8].contains("21 tags"))
    #expect(try store.count() == 0)
  }

  @Test func theLimitsAreTheComposers() throws {
    let atLimit = String(repeating: "é", count: ComposerController.characterLimit)
    let twenty = (0..<ChipRow.capacity).map { "t\($0)" }
    let (store, result) = try importing([line(id: "a", body: atLimit, tags: twenty)])
    #expect(try result.get().inserted == 1)
    #expect(try store.message(id: "a")?.tags.count == 20)
  }

  @Test func theSameIdWithOtherContentNamesBothLines() throws {
    let (store, result) = try importing([
      line(id: "a", body: "first"), line(id: "b"), line(id: "a", body: "second"),
    ])
    guard case .failure(.invalidLines(let problems, _)) = result else {
      Issue.record("expected a conflict, got \(result)")
      return
    }
    #expect(
      problems == [
        ImportProblem(line: 3, reason: "the id \"a\" is also on line 1 with different content")
      ])
    #expect(try store.count() == 0)
  }

  @Test func anIdAlreadyStoredWithOtherContentIsAnError() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insert(Fixtures.message(1, tags: ["swift"]))
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      line(id: "new") + "\n"
        + line(
          id: Fixtures.id(1), body: "message 1", sentAt: "2026-11-29T18:55:42Z", sender: "alice")
        + "\n", to: file)
    #expect(
      throws: ImportError.invalidLine(
        number: 2,
        reason: "the id \"\(Fixtures.id(1))\" is already in the history with different content")
    ) { try store.import(from: file) }
    #expect(try store.count() == 1)
  }

  @Test func tagsAreStoredAsTheComposerSpellsThem() throws {
    let (store, result) = try importing([line(id: "a", tags: ["Cafe\u{301}"])])
    #expect(try result.get().inserted == 1)
    #expect(try store.message(id: "a")?.tags == ["Caf\u{e9}"])
  }

  @Test func importReadsAnOpenHandleSuchAsStandardInput() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data((line(id: "p1") + "\n" + line(id: "p2") + "\n").utf8))
    try pipe.fileHandleForWriting.close()
    #expect(
      try store.import(from: pipe.fileHandleForReading)
        == ImportSummary(inserted: 2, skippedDuplicates: 0))
    #expect(try store.count() == 2)
  }

  @Test func aTimeThatWouldExportAsAnotherInstantIsRefused() throws {
    let (store, result) = try importing([
      line(id: "a", sentAt: "9999-12-31T23:30:00-01:00"),
      line(id: "b", sentAt: "0000-01-01T00:30:00+01:00"),
      line(id: "c", sentAt: "9999-12-31T23:30:00+01:00"),
    ])
    guard case .failure(.invalidLines(let problems, _)) = result else {
      Issue.record("expected refused times, got \(result)")
      return
    }
    #expect(problems.map(\.line) == [1, 2])
    #expect(try store.count() == 0)
  }
}
