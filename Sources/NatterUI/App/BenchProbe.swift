import CGtk
import Foundation
import GtkKit
import NatterCore

/// Timestamps for `natter-bench`, written as `event <CLOCK_MONOTONIC µs>` lines to the FIFO
/// named by `NATTER_BENCH`. Unset (every normal run), each entry point returns after one check.
///
/// Events: `paint` (the window's first frame), `key` (Enter reached the window), `stored`
/// (a sent message is in the database), `shown <µs> <frames> <frame start µs>` (the first frame
/// that draws that message, how many frames were painted since it was stored, and when that
/// frame began),
/// and with `NATTER_BENCH_PASTE=BYTES` (or `NATTER_BENCH_PASTE_FILE=PATH`, that file's text)
/// one paste into the composer: `paste-inserted <µs> <insert µs>`, then `paste-stall <µs>
/// <longest main-loop stall µs>`, and `paste-checked <µs> <µs from the paste's end until the
/// composer's spelling has checked it all> <longest main-loop stall µs from the paste's start
/// until then> <checking's idles> <slices>` (issue 31; at once when spelling is off).
///
/// Long-text scenarios, each answering with the longest gap between 1 ms main-loop ticks:
/// `NATTER_BENCH_WATCH=1` gives `startup-stall` for the 3 s after the first frame;
/// `NATTER_BENCH_SEND_FILE=PATH` pastes that file's text, sends it with `composer.send` and
/// gives `send-stall` for the 3 s after; `NATTER_BENCH_SCROLL=1` pages the transcript up every
/// 50 ms for 4 s from the newest message and gives `scroll-stall`.
///
/// An incoming IRC burst: with `NATTER_BENCH_BURST=N`, from the first message received to the
/// N-th stored, `burst <µs> <longest main-loop stall µs> <longest gap between frames µs>
/// <frames> <first stored µs>`. `NATTER_BENCH_INBOX=read` handles each read whole at default
/// priority, as Natter did before it handled lines a slice at a time, for comparison.
/// The frames counted are those that laid out or drew; the gap is between any two frames of
/// the clock, which `FrameRecorder` keeps ticking: a server that pauses leaves nothing to draw,
/// and that is no frame missed (the gap counted drawn frames only until issue 32's fourth pass).
///
/// Frame times (issue 32, `FrameRecorder`): `frames-<scenario> <µs> <gaps> <frames> <ready>`,
/// each a `FrameHistogram`'s fields, for `burst` (the same span as `burst`), `paste` (the span
/// of `paste-stall`) and the scenarios of `BenchProbe+Frames.swift`.
///
/// Switching conversations, `NATTER_BENCH_SWITCH=N`: see `BenchProbe+Switch.swift`. The first
/// frame's text for the bench's floor, `NATTER_BENCH_FIRST_TEXT`: `BenchProbe+FirstScreen.swift`.
@MainActor
enum BenchProbe {
  static let fifo: Int32? = {
    guard let path = environmentValue("NATTER_BENCH") else { return nil }
    // Non-blocking: a bench that went away must never stall the app.
    let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    return fd >= 0 ? fd : nil
  }()
  static var window: UnsafeMutablePointer<GtkWidget>?
  /// The window's composer, whose spell checking a paste waits for.
  private static weak var composer: ComposerView?
  /// With `NATTER_BENCH_STALLS=1`, every gap of 20 ms or more is reported as
  /// `stall <µs> <when it began µs> <length µs>`, for finding what caused it (perf, logs).
  private static let logsStalls = environmentValue("NATTER_BENCH_STALLS") != nil
  private static var painted = false
  /// The body of the message sent last, until a frame shows it.
  private static var awaitedBody: String?
  /// Frames painted since that message was stored; 1 when the first frame shows it.
  private static var framesSinceStored = 0
  /// When the frame being painted began (its before-paint phase).
  private static var frameStart: gint64 = 0
  /// An incoming burst being watched: messages still to come, and what was seen so far.
  private static var burstLeft = environmentValue("NATTER_BENCH_BURST")
    .flatMap(Int.init)
  private static var burstStart: gint64 = 0
  private static var burstLongestStall: gint64 = 0
  private static var burstLastPaint: gint64 = 0
  private static var burstLongestFrameGap: gint64 = 0
  private static var burstFrames = 0
  private static var burstRecorder: FrameRecorder?
  /// Whether the frame being painted laid out or drew: with a `FrameRecorder` keeping the
  /// clock ticking, the others are ticks, not frames.
  private static var frameDrew = false
  /// Handle each read whole at default priority (the old way), for comparison.
  static let wholeReads = environmentValue("NATTER_BENCH_INBOX") == "read"

  /// `count` received messages were stored.
  static func receivedStored(_ count: Int) {
    guard fifo != nil, let left = burstLeft, count > 0 else { return }
    if burstStart == 0 {
      burstStart = g_get_monotonic_time()
      burstLastPaint = burstStart
      if let window { burstRecorder = FrameRecorder(window: window) }
      watchStalls(until: { burstLeft == nil }) { burstLongestStall = $0 }
    }
    guard left - count <= 0 else {
      burstLeft = left - count
      return
    }
    burstLeft = nil
    // The stall watch ends on its next tick; report after it.
    MainLoop.timeout(milliseconds: 5) {
      let now = g_get_monotonic_time()
      burstLongestFrameGap = max(burstLongestFrameGap, now - burstLastPaint)
      emit(
        "burst",
        detail: " \(burstLongestStall) \(burstLongestFrameGap) \(burstFrames) \(burstStart)")
      if let fields = burstRecorder?.finishedFields() { emit("frames-burst", detail: fields) }
      burstRecorder = nil
      return false
    }
  }

  /// Watches `window` and its `composer` when benchmarking; call once, before it is presented.
  static func attach(to window: UnsafeMutablePointer<GtkWidget>, composer: ComposerView) {
    guard fifo != nil else { return }
    self.window = window
    self.composer = composer
    Signal.connect(raw(window), "realize") {
      mark("realize")
      guard let clock = gtk_widget_get_frame_clock(window) else { return }
      // Our own clock reading: the frame clock's frame time is smoothed towards the refresh.
      Signal.connect(raw(clock), "before-paint") {
        frameStart = g_get_monotonic_time()
        if !painted { mark("frame") }
      }
      // Connected after GTK's own handlers, so these mark the end of each phase.
      Signal.connect(raw(clock), "layout") {
        frameDrew = true
        if !painted { mark("layout") }
      }
      Signal.connect(raw(clock), "paint") {
        frameDrew = true
        if !painted { mark("drawn") }
      }
      Signal.connect(raw(clock), "after-paint") { afterPaint() }
    }
    Signal.connect(raw(window), "map") { if !painted { mark("map") } }
    if let keys = gtk_event_controller_key_new() {
      // Capture phase on the window: it sees Enter before the composer sends.
      gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
      Signal.connectKeyPressed(raw(keys)) { keyval, _ in
        if keyval == UInt32(GDK_KEY_Return) { emit("key") }
        return false
      }
      gtk_widget_add_controller(window, keys)
    }
  }

  /// `mark-<phase> <µs>`: a start-up phase reached, so the bench can say where the time from
  /// exec to the first frame goes (its start-up phases table).
  static func mark(_ phase: String) {
    guard fifo != nil else { return }
    emit("mark-" + phase)
  }

  /// A sent message was stored.
  static func stored(_ body: String) {
    guard fifo != nil else { return }
    emit("stored")
    // What the row's label shows: a long body is folded (MessageFold).
    awaitedBody = MessageFold.preview(of: body).text
    framesSinceStored = 0
  }

  private static func afterPaint() {
    let drew = frameDrew
    frameDrew = false
    if burstLeft != nil, burstStart != 0 {
      let now = g_get_monotonic_time()
      burstLongestFrameGap = max(burstLongestFrameGap, now - burstLastPaint)
      burstLastPaint = now
      if drew { burstFrames += 1 }
    }
    if !painted {
      painted = true
      emit("paint")
      emitCPUTime()
      reportFirstRows()
      writeFirstScreenText()
      // For counting start-up's instructions (valgrind): nothing after the first frame.
      if environmentValue("NATTER_BENCH_QUIT_AFTER_PAINT") != nil { exit(0) }
      startScenarios()
      startSwitching()
    }
    guard let body = awaitedBody, let window else { return }
    framesSinceStored += 1
    if showsLabel(containing: body, in: window) {
      awaitedBody = nil
      emit("shown", detail: " \(framesSinceStored) \(frameStart)")
    }
  }

  /// The scenario the environment asks for, once the window has settled after its first frame.
  private static func startScenarios() {
    let environment = ProcessInfo.processInfo.environment
    if environment["NATTER_BENCH_WATCH"] != nil {
      watchStalls(seconds: 3) { emit("startup-stall", detail: " \($0)") }
    }
    var pasteText: String?
    if let path = environment["NATTER_BENCH_PASTE_FILE"] {
      pasteText = try? String(contentsOfFile: path, encoding: .utf8)
    } else if let bytes = environment["NATTER_BENCH_PASTE"].flatMap(Int.init) {
      let line = "Pasted text, a line of a long log or document that someone copied whole.\n"
      let text = String(repeating: line, count: bytes / line.utf8.count + 1).utf8.prefix(bytes)
      pasteText = String(decoding: text, as: UTF8.self)
    }
    if let pasteText {
      // After the window has settled, as a user would paste.
      MainLoop.timeout(milliseconds: 500) {
        paste(pasteText) {}
        return false
      }
    }
    if let path = environment["NATTER_BENCH_SEND_FILE"],
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    {
      MainLoop.timeout(milliseconds: 500) {
        paste(text, watch: false) {
          MainLoop.timeout(milliseconds: 300) {
            watchStalls(seconds: 3) { emit("send-stall", detail: " \($0)") }
            if let window { gtk_widget_activate_action_variant(window, "composer.send", nil) }
            return false
          }
        }
        return false
      }
    }
    startFrameScenarios()
    if environment["NATTER_BENCH_SCROLL"] != nil {
      MainLoop.timeout(milliseconds: 1000) {
        let start = g_get_monotonic_time()
        watchStalls(seconds: 4) { emit("scroll-stall", detail: " \($0)") }
        MainLoop.timeout(milliseconds: 50) {
          guard let window, g_get_monotonic_time() - start < 4_000_000 else { return false }
          gtk_widget_activate_action_variant(window, "win.scroll-page-up", nil)
          return true
        }
        return false
      }
    }
  }

  /// Pastes `text` through the composer's own clipboard action; reports `paste-inserted` and,
  /// with `watch`, the longest stall over the next four seconds or until 1.5 s after the text
  /// is in (the draft is saved 500 ms after it), whichever is later; calls `done` once it is in.
  static func paste(_ text: String, watch: Bool = true, done: @escaping () -> Void) {
    guard let window, let display = gtk_widget_get_display(window),
      let textView = descendant(of: window, type: gtk_text_view_get_type()),
      let buffer = gtk_text_view_get_buffer(cast(textView))
    else { return }
    gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
    let start = g_get_monotonic_time()
    var inserted: gint64?
    Signal.connect(raw(buffer), "paste-done", after: true) { (_: Signal.Pointer?) in
      let now = g_get_monotonic_time()
      inserted = now
      emit("paste-inserted", detail: " \(now - start)")
      done()
    }
    if watch {
      let settled = { inserted.map { g_get_monotonic_time() - $0 > 1_500_000 } ?? false }
      let recorder = FrameRecorder(window: window)
      watchStalls(seconds: 4, until: settled) {
        emit("paste-stall", detail: " \($0)")
        if let fields = recorder?.finishedFields() { emit("frames-paste", detail: fields) }
      }
      watchSpelling(after: { inserted })
    }
    gtk_widget_activate_action_variant(textView, "clipboard.paste", nil)
  }

  /// `paste-checked`: once the paste is in (`inserted` says when), how long until the
  /// composer has no spelling left to check, and the longest stall from now until then.
  private static func watchSpelling(after inserted: @escaping () -> gint64?) {
    guard let composer else { return }
    var checked: gint64 = 0
    let done = {
      guard let end = inserted(), !composer.isPasting, !composer.isCheckingSpelling else {
        return false
      }
      checked = g_get_monotonic_time() - end
      return true
    }
    watchStalls(until: done) { longest in
      let work = composer.spellingWork
      emit("paste-checked", detail: " \(checked) \(longest) \(work.idles) \(work.slices)")
    }
  }

  /// Reports the longest gap between 1 ms timer ticks over the next `seconds`, and then until
  /// `settled` says so: how long the window could not react.
  private static func watchStalls(
    seconds: Int, until settled: @escaping () -> Bool = { true },
    report: @escaping (gint64) -> Void
  ) {
    let start = g_get_monotonic_time()
    watchStalls(
      until: { g_get_monotonic_time() - start > gint64(seconds) * 1_000_000 && settled() }, report)
  }

  /// The same until `done` holds.
  private static func watchStalls(
    until done: @escaping () -> Bool, _ report: @escaping (gint64) -> Void
  ) {
    var last = g_get_monotonic_time()
    var longest: gint64 = 0
    let handler: (gint64) -> Bool = { now in
      if logsStalls, now - last >= 20_000 { emit("stall", detail: " \(last) \(now - last)") }
      longest = max(longest, now - last)
      last = now
      guard done() else { return true }
      report(longest)
      return false
    }
    MainLoop.timeout(milliseconds: 1, priority: G_PRIORITY_HIGH) {
      handler(g_get_monotonic_time())
    }
  }

  static func emit(_ event: String, detail: String = "") {
    guard let fifo else { return }
    let line = "\(event) \(g_get_monotonic_time())\(detail)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(fifo, $0.baseAddress, $0.count - 1) }
  }

  /// `cpu <µs> <main thread's CPU µs> <whole process's CPU µs>` since exec: unlike the wall
  /// clock, barely moved by other work on the machine.
  private static func emitCPUTime() {
    func microseconds(_ clock: clockid_t) -> Int {
      var now = timespec()
      clock_gettime(clock, &now)
      return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
    emit(
      "cpu",
      detail: " \(microseconds(CLOCK_THREAD_CPUTIME_ID)) \(microseconds(CLOCK_PROCESS_CPUTIME_ID))")
  }

  /// `first-rows <µs> <rows> <rows' height> <viewport height>` for the first frame's transcript
  /// (the tallest mapped list): the end-to-end test checks that its rows fill the viewport.
  private static func reportFirstRows() {
    guard let window else { return }
    var lists: [UnsafeMutablePointer<GtkWidget>] = []
    collect(type: gtk_list_view_get_type(), in: window, into: &lists)
    guard
      let list = lists.filter({ gtk_widget_get_mapped($0) != 0 })
        .max(by: { gtk_widget_get_height($0) < gtk_widget_get_height($1) }),
      let scroller = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())
    else { return }
    var top = Float.infinity
    var bottom = -Float.infinity
    var rows = 0
    var child = gtk_widget_get_first_child(list)
    while let row = child {
      var bounds = graphene_rect_t()
      if gtk_widget_get_mapped(row) != 0, gtk_widget_compute_bounds(row, scroller, &bounds) != 0 {
        rows += 1
        top = min(top, bounds.origin.y)
        bottom = max(bottom, bounds.origin.y + bounds.size.height)
      }
      child = gtk_widget_get_next_sibling(row)
    }
    let covered = rows > 0 ? Int(bottom - top) : 0
    emit("first-rows", detail: " \(rows) \(covered) \(gtk_widget_get_height(scroller))")
  }

  static func collect(
    type: GType, in widget: UnsafeMutablePointer<GtkWidget>,
    into found: inout [UnsafeMutablePointer<GtkWidget>]
  ) {
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
    if g_type_check_instance_is_a(instance, type) != 0 { found.append(widget) }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      collect(type: type, in: current, into: &found)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// Whether a mapped label or inscription whose text contains `body` lies inside the visible
  /// part of its scrolled window: the transcript's row for that message was just drawn.
  private static func showsLabel(
    containing body: String, in widget: UnsafeMutablePointer<GtkWidget>
  ) -> Bool {
    guard gtk_widget_get_mapped(widget) != 0 else { return false }
    if let text = shownText(of: widget), text.contains(body), isInView(widget) { return true }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if showsLabel(containing: body, in: current) { return true }
      child = gtk_widget_get_next_sibling(current)
    }
    return false
  }

  /// The text of `widget` when it is a label or an inscription.
  static func shownText(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
    if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
      return string(gtk_label_get_text(OpaquePointer(widget)))
    }
    if g_type_check_instance_is_a(instance, gtk_inscription_get_type()) != 0 {
      return string(gtk_inscription_get_text(OpaquePointer(widget)))
    }
    return nil
  }

  static func isInView(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard let window,
      let scroller = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type())
    else { return false }
    var own = graphene_rect_t()
    var port = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, window, &own) != 0,
      gtk_widget_compute_bounds(scroller, window, &port) != 0
    else { return false }
    return own.size.height > 0 && own.origin.y < port.origin.y + port.size.height
      && own.origin.y + own.size.height > port.origin.y
  }

  static func descendant(
    of widget: UnsafeMutablePointer<GtkWidget>, type: GType
  ) -> UnsafeMutablePointer<GtkWidget>? {
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
    if g_type_check_instance_is_a(instance, type) != 0 { return widget }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let found = descendant(of: current, type: type) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
