import Foundation
import Testing

@testable import NatterCore

/// The README's keyboard table is the keymap's own Markdown; editing one without the other
/// fails here (issue 7: "A test checks that the README's shortcut table matches the keymap").
@Suite("README shortcuts")
struct ReadmeShortcutsTests {
  private static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  /// The table rows directly under `## Keyboard`, each ending in a newline.
  private static func keyboardTable(in text: String) -> String? {
    let lines = text.components(separatedBy: "\n")
    guard let heading = lines.firstIndex(of: "## Keyboard") else { return nil }
    let rest = lines[(heading + 1)...].drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    let table = rest.prefix { $0.hasPrefix("|") }
    return table.isEmpty ? nil : table.map { $0 + "\n" }.joined()
  }

  @Test func readmeKeyboardTableIsTheKeymapTable() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let table = try #require(Self.keyboardTable(in: text), "README.md has no ## Keyboard table")
    #expect(table == Keymap.markdownTable())
  }

  /// Row by row against the README itself, so a missing or edited row is named.
  @Test func everyShortcutHasARowInTheReadme() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let table = try #require(Self.keyboardTable(in: text), "README.md has no ## Keyboard table")
    let rows = Set(table.split(separator: "\n").map(String.init))
    for shortcut in Keymap.listedShortcuts {
      #expect(
        rows.contains("| \(shortcut.listedLabel) | \(shortcut.title) |"), "\(shortcut.label)")
    }
  }

  @Test func tableFinderReadsOnlyTheKeyboardSection() {
    let text = "# X\n\n## Keyboard\n\n| a | b |\n|---|---|\n| c | d |\n\nmore\n| e | f |\n"
    #expect(Self.keyboardTable(in: text) == "| a | b |\n|---|---|\n| c | d |\n")
    #expect(Self.keyboardTable(in: "## Other\n| a |\n") == nil)
  }
}
