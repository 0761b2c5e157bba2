import Foundation
import NatterCore
import Testing

@testable import NatterUI

@MainActor
@Suite struct ClockPatternCacheTests {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("natter-clock-\(UUID().uuidString)").appendingPathComponent("cache")

  @Test func aSavedPatternIsLoadedForItsLocaleOnly() throws {
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    #expect(ClockPatternCache.load(for: "1 ko_KR", from: file) == nil, "no file: ask ICU")
    let korean = ClockPattern(pattern: "a h:mm", am: "오전", pm: "오후")
    ClockPatternCache.save(korean, for: "1 ko_KR", to: file)
    #expect(ClockPatternCache.load(for: "1 ko_KR", from: file) == korean)
    #expect(ClockPatternCache.load(for: "2 ko_KR", from: file) == nil, "a new version asks ICU")
    let german = ClockPattern(pattern: "HH:mm", am: "AM", pm: "PM")
    ClockPatternCache.save(german, for: "1 de_DE", to: file)
    #expect(ClockPatternCache.load(for: "1 de_DE", from: file) == german)
    #expect(ClockPatternCache.load(for: "1 ko_KR", from: file) == nil)
  }

  @Test func aDamagedFileMeansAskingAgain() throws {
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data([0xFF, 0xFE, 0x00]).write(to: file)
    #expect(ClockPatternCache.load(for: "1 ko_KR", from: file) == nil)
  }
}
