import SeededRandom
import Testing

@testable import NatterCore

@Suite struct ChipRowTests {
  @Test func keepsInsertionOrderAndIgnoresDuplicates() {
    var row = ChipRow()
    #expect(row.add("swift") == .added("swift"))
    #expect(row.add("gtk") == .added("gtk"))
    #expect(row.add("SWIFT") == .duplicate(existing: "swift"))
    #expect(row.add("cafe\u{301}") == .added("café"))
    #expect(row.add("CAFÉ") == .duplicate(existing: "café"))
    #expect(row.tags == ["swift", "gtk", "café"])
  }

  @Test func holdsTwentyAndRefusesTheTwentyFirst() {
    var row = ChipRow()
    for index in 1...20 { #expect(row.add("t\(index)") == .added("t\(index)")) }
    #expect(row.isFull)
    #expect(row.add("t21") == .full)
    #expect(row.add("T1") == .duplicate(existing: "t1"))
    #expect(row.count == 20)
  }

  @Test func initialTagsAreDedupedAndCapped() {
    let row = ChipRow(tags: ["a", "A"] + (1...30).map { "x\($0)" })
    #expect(row.count == 20)
    #expect(row.tags.first == "a")
  }

  @Test func visibleOnlyWithChips() {
    var row = ChipRow()
    #expect(!row.isVisible)
    row.add("a")
    #expect(row.isVisible)
    row.removeLast()
    #expect(!row.isVisible)
  }

  @Test func removesByTagInAnyCaseAndRemovesLast() {
    var row = ChipRow(tags: ["a", "Bee", "c"])
    #expect(row.remove(tag: "BEE") == "Bee")
    #expect(row.remove(tag: "zz") == nil)
    #expect(row.removeLast() == "c")
    #expect(row.removeLast() == "a")
    #expect(row.removeLast() == nil)
    #expect(row.contains("a") == false)
  }

  @Test func focusEntersOnNewestAndMovesWithinBounds() {
    var row = ChipRow(tags: ["a", "b", "c"])
    row.focusPrevious()
    #expect(row.focusedIndex == nil)
    let entered = row.focusNewest()
    #expect(entered)
    #expect(row.focusedIndex == 2)
    row.focusNext()
    #expect(row.focusedIndex == 2)
    row.focusPrevious()
    row.focusPrevious()
    row.focusPrevious()
    #expect(row.focusedIndex == 0)
    row.focusNext()
    #expect(row.focusedIndex == 1)
    row.clearFocus()
    #expect(row.focusedIndex == nil)
    var empty = ChipRow()
    let enteredEmpty = empty.focusNewest()
    #expect(!enteredEmpty)
  }

  @Test func removingFocusedChipFocusesItsNeighbour() {
    var row = ChipRow(tags: ["a", "b", "c"])
    row.focusNewest()
    row.focusPrevious()
    #expect(row.removeFocused() == "b")
    #expect(row.focusedIndex == 1)  // "c" took its place
    #expect(row.removeFocused() == "c")
    #expect(row.focusedIndex == 0)  // last removed: the one before
    #expect(row.removeFocused() == "a")
    #expect(row.focusedIndex == nil)
    #expect(row.removeFocused() == nil)
  }

  @Test func removingAChipBeforeTheFocusKeepsTheSameChipFocused() {
    var row = ChipRow(tags: ["a", "b", "c"])
    row.focusNewest()
    row.remove(tag: "a")
    #expect(row.focusedIndex == 1)
    #expect(row.tags[1] == "c")
    row.removeAll()
    #expect(row.focusedIndex == nil && row.isEmpty)
  }

  @Test func randomOperationsMatchAnArrayModel() {
    var rng = SeededGenerator(seed: 7)
    var row = ChipRow()
    var model: [String] = []
    let pool =
      ["a", "A", "b", "café", "CAFE\u{301}", "日本", "x1", "x2", "x3"]
      + (0..<25).map {
        "n\($0)"
      }
    for _ in 0..<2000 {
      let tag = pool.randomElement(using: &rng) ?? "a"
      switch Int.random(in: 0..<3, using: &rng) {
      case 0:
        row.add(tag)
        let key = Hashtag.key(for: tag)
        if !model.contains(where: { Hashtag.key(for: $0) == key }) && model.count < 20 {
          model.append(tag.precomposedStringWithCanonicalMapping)
        }
      case 1:
        row.remove(tag: tag)
        model.removeAll { Hashtag.key(for: $0) == Hashtag.key(for: tag) }
      default:
        row.removeLast()
        if !model.isEmpty { model.removeLast() }
      }
      #expect(row.tags == model)
    }
  }
}
