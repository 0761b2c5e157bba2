import CGtk
import Foundation
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// SPEC §2's height promise, read off the text view itself: k lines make the text area exactly
/// k line pitches tall up to `max-lines`, and with the caret at the end the last `max-lines`
/// display lines lie whole inside the visible rectangle — at every font, size and scale.
///
/// `meson-helpers/test.sh` runs this suite a second time with `GDK_SCALE=2`.
@Suite("Composer lines", .serialized)
@MainActor
struct ComposerLinesTests {
  private func makeComposer(
    width: Int32 = 720, above: UnsafeMutablePointer<GtkWidget>? = gtk_label_new("transcript")
  ) throws -> (ComposerView, TestWindow) {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    Style.useWholePixelLines()  // as the app does at start-up
    let composer = ComposerView(controller: ComposerController(sender: "me"))
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_set_vexpand(above, 1)
    gtk_box_append(cast(box), above)
    gtk_box_append(cast(box), composer.widget)
    return (composer, TestWindow(child: try #require(box), width: width, height: 500))
  }

  /// The distance between two display lines as the text view lays them out.
  private func pitch(_ composer: ComposerView) -> Int {
    var first = GtkTextIter()
    gtk_text_buffer_get_start_iter(composer.buffer.buffer, &first)
    var second = first
    var a = GdkRectangle()
    gtk_text_view_get_iter_location(composer.textView.typed(), &first, &a)
    // One line: its own height is the pitch.
    guard gtk_text_view_forward_display_line(composer.textView.typed(), &second) != 0 else {
      return Int(a.height)
    }
    var b = GdkRectangle()
    gtk_text_view_get_iter_location(composer.textView.typed(), &second, &b)
    return Int(b.y - a.y)
  }

  /// The y-ranges of the last `count` display lines, in buffer coordinates.
  private func lastDisplayLines(_ composer: ComposerView, _ count: Int) -> [ClosedRange<Int32>] {
    let view: UnsafeMutablePointer<GtkTextView> = composer.textView.typed()
    var iter = GtkTextIter()
    gtk_text_buffer_get_end_iter(composer.buffer.buffer, &iter)
    var lines: [ClosedRange<Int32>] = []
    for _ in 0..<count {
      if gtk_text_view_starts_display_line(view, &iter) == 0 {
        gtk_text_view_backward_display_line_start(view, &iter)
      }
      var rect = GdkRectangle()
      gtk_text_view_get_iter_location(view, &iter, &rect)
      lines.append(rect.y...(rect.y + rect.height))
      if gtk_text_view_backward_display_line(view, &iter) == 0 { break }
    }
    return lines
  }

  private func visibleRange(_ composer: ComposerView) -> ClosedRange<Int32> {
    var rect = GdkRectangle()
    gtk_text_view_get_visible_rect(composer.textView.typed(), &rect)
    return rect.y...(rect.y + rect.height)
  }

  private func displayLineCount(_ composer: ComposerView) -> Int {
    let view: UnsafeMutablePointer<GtkTextView> = composer.textView.typed()
    var iter = GtkTextIter()
    gtk_text_buffer_get_start_iter(composer.buffer.buffer, &iter)
    var count = 1
    // It returns false on reaching the end; the texts here never end with an empty line.
    while gtk_text_view_forward_display_line(view, &iter) != 0 { count += 1 }
    return count
  }

  /// What SPEC §2 promises for the text now in the composer, with the caret at the end.
  private struct Observation: CustomStringConvertible {
    var lines: Int
    var pitch: Int
    var height: Int
    var wholeLinesVisible: Bool
    var visible: ClosedRange<Int32>
    var lastLines: [ClosedRange<Int32>]
    var description: String {
      "\(lines) lines at \(pitch) px: \(height) px tall, last lines \(lastLines) whole in "
        + "\(visible): \(wholeLinesVisible)"
    }
  }

  private func observe(_ composer: ComposerView, maxLines: Int) -> Observation {
    let lines = displayLineCount(composer)
    let visible = visibleRange(composer)
    let last = lastDisplayLines(composer, min(lines, maxLines))
    let whole = last.allSatisfy {
      visible.contains($0.lowerBound) && visible.contains($0.upperBound)
    }
    return Observation(
      lines: lines, pitch: pitch(composer), height: composer.textAreaHeight,
      wholeLinesVisible: whole, visible: visible, lastLines: last)
  }

  private func holds(_ seen: Observation, maxLines: Int) -> Bool {
    seen.pitch > 0 && seen.height == min(seen.lines, maxLines) * seen.pitch
      && seen.wholeLinesVisible
  }

  /// Sets `text` with the caret at the end, as typing it would leave it, and waits until the
  /// composer shows what SPEC §2 promises (or the time runs out); returns what it last saw.
  @discardableResult
  private func show(
    _ text: String, in composer: ComposerView, _ window: TestWindow, maxLines: Int = 3
  ) -> Observation {
    composer.buffer.setText(text)
    composer.buffer.placeCaret(at: text.unicodeScalars.count)
    return settle(composer, window, maxLines: maxLines)
  }

  private func settle(
    _ composer: ComposerView, _ window: TestWindow, maxLines: Int = 3
  ) -> Observation {
    var seen = observe(composer, maxLines: maxLines)
    MainLoop.iterate(
      until: {
        seen = observe(composer, maxLines: maxLines)
        return holds(seen, maxLines: maxLines)
      }, seconds: 2)
    return seen
  }

  private func lines(_ count: Int) -> String {
    (1...max(count, 1)).map { "line \($0) with Ågj" }.joined(separator: "\n")
  }

  /// Changes the desktop font, as GNOME Tweaks or the Settings app would.
  private func withFont<T>(_ name: String, _ body: () throws -> T) throws -> T {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let settings = try #require(gtk_settings_get_default())
    let before = natter_object_get_string(UnsafeMutableRawPointer(settings), "gtk-font-name")
    defer {
      natter_object_set_string(UnsafeMutableRawPointer(settings), "gtk-font-name", before)
      g_free(before)
    }
    natter_object_set_string(UnsafeMutableRawPointer(settings), "gtk-font-name", name)
    return try body()
  }

  private func expectWholeLines(
    _ composer: ComposerView, _ window: TestWindow, upTo count: Int, maxLines: Int = 3,
    _ context: String
  ) {
    var heights: [Int] = []
    for count in 1...count {
      let seen = show(lines(count), in: composer, window, maxLines: maxLines)
      heights.append(seen.height)
      #expect(seen.lines == count, "\(context): \(count) lines typed")
      #expect(holds(seen, maxLines: maxLines), "\(context): \(seen)")
    }
    print(
      "composer heights, \(context), scale \(Int(gtk_widget_get_scale_factor(composer.widget))): \(heights)"
    )
  }

  @Test(arguments: [9, 11, 14, 20])
  func showsWholeLinesAtEveryFontSize(points: Int) throws {
    try withFont("Cantarell \(points)") {
      let (composer, window) = try makeComposer()
      defer { window.close() }
      expectWholeLines(composer, window, upTo: 6, "Cantarell \(points) pt")
      let empty = show("", in: composer, window)
      #expect(empty.height == empty.pitch, "an empty composer is one line")
    }
  }

  @Test(arguments: ComposerSizing.maxLinesRange)
  func growsToMaxLinesThenScrolls(maxLines: Int) throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.maxLines = maxLines
    expectWholeLines(
      composer, window, upTo: maxLines + 2, maxLines: maxLines, "max-lines \(maxLines)")
  }

  @Test func followsACSSFontChangeWithTextInTheComposer() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let before = show(lines(5), in: composer, window)
    #expect(holds(before, maxLines: 3), "\(before)")
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, ".composer-text { font-size: 26px; }", -1)
    let display = try #require(gdk_display_get_default())
    gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), 900)
    defer {
      gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
      g_object_unref(provider)
    }
    var after = before
    MainLoop.iterate(
      until: {
        after = observe(composer, maxLines: 3)
        return after.pitch > before.pitch && holds(after, maxLines: 3)
      }, seconds: 2)
    #expect(after.pitch > before.pitch, "the larger font has a larger pitch")
    #expect(holds(after, maxLines: 3), "after the font change: \(after)")
  }

  @Test func keepsWholeLinesWhenANarrowerWindowRewrapsThreeLinesIntoFive() throws {
    let (composer, window) = try makeComposer(width: 1300)
    defer { window.close() }
    gtk_widget_set_halign(composer.widget, GTK_ALIGN_START)
    gtk_widget_set_size_request(composer.widget, 1200, -1)
    let text = (1...3).map { "line \($0) " + String(repeating: "wraps ", count: 12) }
      .joined(separator: "\n")
    let wide = show(text, in: composer, window)
    #expect(wide.lines == 3)
    #expect(holds(wide, maxLines: 3), "wide: \(wide)")
    // About half the width: each of the three lines wraps once, a few into more.
    gtk_widget_set_size_request(composer.widget, 420, -1)
    var narrow = settle(composer, window)
    MainLoop.iterate(
      until: {
        narrow = observe(composer, maxLines: 3)
        return narrow.lines >= 5 && holds(narrow, maxLines: 3)
      }, seconds: 2)
    #expect(narrow.lines >= 5, "the narrower window re-wraps: \(narrow)")
    #expect(holds(narrow, maxLines: 3), "narrow: \(narrow)")
    gtk_widget_set_size_request(composer.widget, 1200, -1)
    var wideAgain = settle(composer, window)
    MainLoop.iterate(
      until: {
        wideAgain = observe(composer, maxLines: 3)
        return wideAgain.lines == 3 && holds(wideAgain, maxLines: 3)
      }, seconds: 2)
    #expect(wideAgain.lines == 3 && wideAgain.height == wide.height, "back: \(wideAgain)")
  }

  /// Not only once settled: every frame painted while a new line grows the text area shows
  /// the lines whole. GtkTextView 4.8 animates its scroll to the caret, and for the ~150 ms
  /// of that animation the grown area showed its first line cut or scrolled away. (Beyond
  /// `max-lines` the text does scroll inside, and GTK animates that as everywhere.)
  @Test func everyFramePaintedWhileItGrowsShowsWholeLines() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let clock = try #require(gtk_widget_get_frame_clock(composer.widget))
    for count in 1...2 {
      show(lines(count), in: composer, window)
      var frames: [Observation] = []
      let handler = Signal.connect(raw(clock), "after-paint") {
        frames.append(observe(composer, maxLines: 3))
      }
      defer { Signal.disconnect(raw(clock), handler) }
      // A new line typed at the end, as Shift+Enter and the next word do.
      var end = GtkTextIter()
      gtk_text_buffer_get_end_iter(composer.buffer.buffer, &end)
      gtk_text_buffer_place_cursor(composer.buffer.buffer, &end)
      gtk_text_buffer_insert_interactive_at_cursor(composer.buffer.buffer, "\nmore Ågj", -1, 1)
      // GTK's scroll animation takes 200 ms at most; watch a few more frames than that.
      Wait.until(timeout: 3) {
        gtk_widget_queue_draw(composer.widget)
        MainLoop.iterate()
        return frames.count >= 20
      }
      #expect(frames.count >= 20, "\(frames.count) frames painted")
      // The frame that shows the new line's text at its new height, and every one after it.
      let grown = frames.drop { $0.lines != count + 1 || $0.height != min(count + 1, 3) * $0.pitch }
      #expect(
        !grown.isEmpty, "\(count + 1) lines never shown: \(frames.last.map(\.description) ?? "")")
      for frame in grown {
        #expect(holds(frame, maxLines: 3), "\(count) + 1 lines, a frame: \(frame)")
      }
    }
  }

  @Test func typesInTheSizeOfTheTranscriptsMessageBodies() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let row = TranscriptRow()
    let (composer, window) = try makeComposer(above: row.widget)
    defer { window.close() }
    func size(_ widget: UnsafeMutablePointer<GtkWidget>) -> gint {
      pango_font_description_get_size(
        pango_context_get_font_description(gtk_widget_get_pango_context(widget)))
    }
    let body = UnsafeMutableRawPointer(row.bodyLabel).assumingMemoryBound(to: GtkWidget.self)
    #expect(size(composer.textView.widget) > 0)
    #expect(size(composer.textView.widget) == size(body))
  }

  @Test func runsAtTheScaleTheEnvironmentAsksFor() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let wanted = Int(ProcessInfo.processInfo.environment["GDK_SCALE"] ?? "1") ?? 1
    #expect(
      Int(gtk_widget_get_scale_factor(composer.widget)) == wanted,
      "GDK_SCALE=\(wanted) reached the composer")
  }
}
