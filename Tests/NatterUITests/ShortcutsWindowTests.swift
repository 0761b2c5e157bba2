import CGtk
import GtkKit
import TestSupport
import Testing

@testable import NatterCore
@testable import NatterUI

@MainActor
@Suite("ShortcutsWindow")
struct ShortcutsWindowTests {
  /// How many descendants of `widget` are of the GType named `typeName`.
  private func count(_ typeName: String, under widget: UnsafeMutablePointer<GtkWidget>) -> Int {
    var total = 0
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      let name = g_type_name_from_instance(
        UnsafeMutableRawPointer(current)
          .assumingMemoryBound(to: GTypeInstance.self))
      if name.map({ String(cString: $0) }) == typeName { total += 1 }
      total += count(typeName, under: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return total
  }

  /// The first descendant of `widget` of the GType named `typeName`, depth first.
  private func first(_ typeName: String, under widget: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>?
  {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      let name = g_type_name_from_instance(
        UnsafeMutableRawPointer(current)
          .assumingMemoryBound(to: GTypeInstance.self))
      if name.map({ String(cString: $0) }) == typeName { return current }
      if let found = first(typeName, under: current) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  @Test func escapesTextForXML() {
    #expect(
      Markup.escape("<Control>a & “b” \"c\" 'd'")
        == "&lt;Control&gt;a &amp; “b” &quot;c&quot; &apos;d&apos;")
  }

  @Test func xmlHasOneShortcutPerKeymapRowInSectionOrder() {
    let xml = ShortcutsWindow.builderXML(for: Keymap.listedShortcuts)
    #expect(
      xml.components(separatedBy: "class=\"GtkShortcutsShortcut\"").count - 1
        == Keymap.listedShortcuts.count)
    #expect(xml.contains("&lt;Alt&gt;1...&lt;Alt&gt;9"))
    let sections = Shortcut.Section.allCases.map { ">\($0.title)</property>" }
    let positions = sections.compactMap { xml.range(of: $0)?.lowerBound }
    #expect(positions.count == sections.count)
    #expect(positions == positions.sorted())
    #expect(xml.contains("&lt;Control&gt;question"))
  }

  @Test func buildsAWindowWithEveryShortcut() throws {
    try #require(GtkTestEnvironment.start())
    let window = try #require(ShortcutsWindow.make())
    defer { gtk_window_destroy(window) }
    let widget: UnsafeMutablePointer<GtkWidget> = try #require(cast(window))
    // The window also keeps a copy of every shortcut for its search page; count the section's.
    let section = try #require(first("GtkShortcutsSection", under: widget))
    #expect(count("GtkShortcutsShortcut", under: section) == Keymap.listedShortcuts.count)
    #expect(count("GtkShortcutsGroup", under: section) == Shortcut.Section.allCases.count)
    #expect(string(gtk_window_get_title(window)) == "Keyboard Shortcuts")
  }

  @Test func titlesWithMarkupCharactersStillBuild() throws {
    try #require(GtkTestEnvironment.start())
    let tricky = Shortcut(
      key: .t, modifiers: .control, title: "Tags <b>& “quotes”</b> 'x'", section: .tags,
      action: .addTag, isGlobal: true)
    let window = try #require(ShortcutsWindow.make(shortcuts: [tricky]))
    gtk_window_destroy(window)
  }
}
