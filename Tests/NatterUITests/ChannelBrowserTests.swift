import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// The channel browser of `/list` (SPEC §12): 20,000 channels listed with rows made only for
/// what shows, filtered as typed, Enter joining and closing.
@MainActor
@Suite("ChannelBrowser")
struct ChannelBrowserTests {
  /// The (name, users, topic) texts of the rows on screen.
  private func rows(in browser: ChannelBrowser) -> [[String]] {
    var result: [[String]] = []
    var child = gtk_widget_get_first_child(browser.list.widget)
    while let item = child {
      if let row = gtk_widget_get_first_child(item), gtk_widget_get_mapped(row) != 0 {
        var texts: [String] = []
        var label = gtk_widget_get_first_child(row)
        while let current = label {
          texts.append(string(gtk_label_get_text(OpaquePointer(current))) ?? "")
          label = gtk_widget_get_next_sibling(current)
        }
        result.append(texts)
      }
      child = gtk_widget_get_next_sibling(item)
    }
    return result
  }

  @Test func twentyThousandChannelsListFilterAndJoin() throws {
    try #require(GtkTestEnvironment.start())
    let parent = try #require(gtk_window_new())
    defer { gtk_window_destroy(cast(parent)) }
    let window: UnsafeMutablePointer<GtkWindow> = try #require(cast(parent))
    let browser = ChannelBrowser(network: "Libera.Chat", filter: nil, over: window)
    var joined: [String] = []
    browser.onJoin = { joined.append($0) }
    browser.present()
    let asking = string(gtk_label_get_text(browser.status.opaque)) ?? ""
    #expect(asking == "Asking the server for its channels…")
    let channels = (0..<20_000).map {
      IRCListedChannel(name: "#c\($0)", users: $0 == 777 ? 50_000 : $0 % 100, topic: "t\($0)")
    }
    browser.show(channels, complete: true)
    let summary = { string(gtk_label_get_text(browser.status.opaque)) ?? "" }
    #expect(summary() == asking, "sorted on a worker thread, shown after a frame")
    #expect(Wait.until { summary() == "20000 channels" }, "\(summary())")
    Wait.frames(3, of: browser.window.widget)
    let shown = rows(in: browser)
    #expect(shown.first == ["#c777", "50000", "t777"], "most users first: \(shown.prefix(2))")
    #expect(shown.count > 5 && shown.count < 300, "rows for what shows only: \(shown.count)")
    let firstRow = try #require(
      gtk_widget_get_first_child(gtk_widget_get_first_child(browser.list.widget)))
    let topic = try #require(gtk_widget_get_last_child(firstRow))
    #expect(Tooltip.asked(topic) == "t777", "the whole topic on hover")
    #expect(natter_test_accessible_description_is(opaque(topic), "t777") != 0)
    gtk_editable_set_text(browser.filter.opaque, "t1999")
    #expect(Wait.until { browser.directory.count == 11 }, "\(browser.directory.count)")
    #expect(summary() == "11 channels of 20000")
    browser.joinFirstMatch()
    #expect(joined.count == 1)
    #expect(joined.first?.hasPrefix("#c1999") == true, "\(joined)")
  }

  @Test func closingTheBrowserTellsItsOwnerOnce() throws {
    try #require(GtkTestEnvironment.start())
    let parent = try #require(gtk_window_new())
    defer { gtk_window_destroy(cast(parent)) }
    let window: UnsafeMutablePointer<GtkWindow> = try #require(cast(parent))
    let browser = ChannelBrowser(network: "Libera.Chat", filter: nil, over: window)
    var closed = 0
    browser.onClose = { closed += 1 }
    browser.present()
    Wait.frames(2, of: browser.window.widget)
    browser.close()
    #expect(Wait.until { closed > 0 }, "the owner lets go of the browser and focuses the composer")
    #expect(browser.isClosed)
    browser.close()
    // What a second close would queue (the owner is told at idle) runs here.
    MainLoop.iterate()
    #expect(closed == 1)
  }

  /// The main window closing destroys the browser with it; the browser's owner lets go of it
  /// after that, when the main window is already freed.
  @Test func theParentClosingUnderAHeldBrowserLeavesNothingFreed() throws {
    try #require(GtkTestEnvironment.start())
    let parent = try #require(gtk_window_new())
    let window: UnsafeMutablePointer<GtkWindow> = try #require(cast(parent))
    let complaints = GObjectComplaints {
      $0.contains("invalid (NULL) class pointer") || $0.contains("G_TYPE_CHECK_INSTANCE")
    }
    defer { complaints.stop() }
    do {
      let browser = ChannelBrowser(network: "Libera.Chat", filter: nil, over: window)
      browser.present()
      let channels = (0..<500).map { IRCListedChannel(name: "#c\($0)", users: $0, topic: "t") }
      browser.show(channels, complete: true)
      #expect(Wait.until { browser.directory.count == 500 })
      Wait.frames(3, of: browser.window.widget)
      gtk_window_destroy(cast(parent))
      #expect(browser.isClosed)
    }
    MainLoop.iterate()
    #expect(complaints.messages.isEmpty, "\(complaints.messages)")
  }
}
