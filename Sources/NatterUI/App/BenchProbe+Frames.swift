import CGtk
import GtkKit
import NatterCore

/// Issue 32's frame-time scenarios, each answering `frames-<scenario> <µs> <gaps> <frames>`
/// (`FrameRecorder`, two `FrameHistogram`s' fields):
///
/// - `NATTER_BENCH_HOLD_PAGE_UP=1`: a second after the first frame, Page Up held for 3 s:
///   `win.scroll-page-up` every 30 ms (GNOME's default key repeat,
///   `org.gnome.desktop.peripherals.keyboard repeat-interval`), with the repeats a busy main
///   loop missed made up at once, as the X server queues them. Recorded from the first press to
///   0.5 s after the last; `frames-scroll`, after `page-ups <µs> <presses>`.
/// - `NATTER_BENCH_IDLE_FRAMES=1`: the same span with no key, for comparison; `frames-idle`.
/// - `NATTER_BENCH_MEMBERS=N`: once the channel is joined the members popover opens, and from
///   0.3 s later (the server waits a second before its NAMES, so the opening is not counted)
///   until 1 s after a member list of at least N arrives (`members-listed <µs> <count>`),
///   `frames-names`. Then, with `NATTER_BENCH_LIST=M`, `/list` goes through the composer and
///   the channel browser's own window is recorded from 0.3 s after it opens until 1 s after a
///   list of at least M channels (`channels-listed <µs> <count>`): `frames-list`.
extension BenchProbe {
  static let holdSeconds: gint64 = 3
  static let repeatMicroseconds: gint64 = 30_000
  private static let membersExpected = environmentValue("NATTER_BENCH_MEMBERS").flatMap(Int.init)
  private static let channelsExpected = environmentValue("NATTER_BENCH_LIST").flatMap(Int.init)
  private static var namesRecorder: FrameRecorder?
  private static var namesStarted = false
  private static var listRecorder: FrameRecorder?
  private static var listAsked = false

  /// After the first frame: the scroll and idle scenarios the environment asks for.
  static func startFrameScenarios() {
    let holds = environmentValue("NATTER_BENCH_HOLD_PAGE_UP").map { $0 != "0" }
    let idles = environmentValue("NATTER_BENCH_IDLE_FRAMES") != nil
    guard holds == true || idles else { return }
    MainLoop.timeout(milliseconds: 1000) {
      guard let window, let recorder = FrameRecorder(window: window) else { return false }
      let start = g_get_monotonic_time()
      var presses: gint64 = 0
      let finish = {
        MainLoop.timeout(milliseconds: 500) {
          if holds == true { emit("page-ups", detail: " \(presses)") }
          emit(holds == true ? "frames-scroll" : "frames-idle", detail: recorder.finishedFields())
          return false
        }
      }
      guard holds == true else {
        MainLoop.timeout(milliseconds: UInt32(holdSeconds * 1000)) {
          _ = finish()
          return false
        }
        return false
      }
      let press = {
        let held = min(g_get_monotonic_time() - start, holdSeconds * 1_000_000)
        // Every repeat due by now: a key held while the app is busy queues its repeats.
        while presses <= held / repeatMicroseconds {
          gtk_widget_activate_action_variant(window, "win.scroll-page-up", nil)
          presses += 1
        }
      }
      press()
      MainLoop.timeout(milliseconds: UInt32(repeatMicroseconds / 1000)) {
        press()
        guard g_get_monotonic_time() - start < holdSeconds * 1_000_000 else {
          _ = finish()
          return false
        }
        return true
      }
      return false
    }
  }

  /// The channel was joined (its JOIN came back): the members popover opens.
  static func channelJoined() {
    guard fifo != nil, membersExpected != nil, !namesStarted, let window else { return }
    namesStarted = true
    if let button = membersButton(in: window) { gtk_menu_button_popup(OpaquePointer(button)) }
    MainLoop.timeout(milliseconds: 300) {
      // The button shows once the channel is open; if it was not yet, now.
      if let button = membersButton(in: window) {
        let popover: UnsafeMutablePointer<GtkWidget>? = cast(
          gtk_menu_button_get_popover(OpaquePointer(button)))
        if popover.map({ gtk_widget_get_visible($0) }) != 1 {
          gtk_menu_button_popup(OpaquePointer(button))
        }
      }
      namesRecorder = FrameRecorder(window: window)
      return false
    }
  }

  /// A channel's member list arrived whole (its 366), `count` members.
  static func membersListed(_ count: Int) {
    guard fifo != nil, let expected = membersExpected, count >= expected,
      let recorder = namesRecorder
    else { return }
    namesRecorder = nil
    emit("members-listed", detail: " \(count)")
    MainLoop.timeout(milliseconds: 1000) {
      emit("frames-names", detail: recorder.finishedFields())
      if let window, let button = membersButton(in: window) {
        gtk_menu_button_popdown(OpaquePointer(button))
      }
      if channelsExpected != nil { MainLoop.timeout(milliseconds: 300) { askForList() } }
      return false
    }
  }

  /// `/list` typed into the composer and sent, as a user asks for the channel browser.
  private static func askForList() -> Bool {
    guard !listAsked, let window else { return false }
    listAsked = true
    paste("/list", watch: false) {
      gtk_widget_activate_action_variant(window, "composer.send", nil)
      MainLoop.timeout(milliseconds: 300) {
        // The browser is a window of its own, with a frame clock of its own.
        if let browser = otherWindow(than: window) { listRecorder = FrameRecorder(window: browser) }
        return false
      }
    }
    return false
  }

  /// The channel browser got the server's whole list, `count` channels.
  static func channelsListed(_ count: Int) {
    guard fifo != nil, let expected = channelsExpected, count >= expected,
      let recorder = listRecorder
    else { return }
    listRecorder = nil
    emit("channels-listed", detail: " \(count)")
    MainLoop.timeout(milliseconds: 1000) {
      emit("frames-list", detail: recorder.finishedFields())
      return false
    }
  }

  /// The header's `Members` button (a GtkMenuButton with the users icon).
  private static func membersButton(
    in window: UnsafeMutablePointer<GtkWidget>
  ) -> UnsafeMutablePointer<GtkWidget>? {
    var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    collect(type: gtk_menu_button_get_type(), in: window, into: &buttons)
    return buttons.first {
      string(gtk_menu_button_get_icon_name(OpaquePointer($0))) == "system-users-symbolic"
    }
  }

  /// A mapped top-level window other than `window`.
  private static func otherWindow(
    than window: UnsafeMutablePointer<GtkWidget>
  ) -> UnsafeMutablePointer<GtkWidget>? {
    guard let list = gtk_window_list_toplevels() else { return nil }
    defer { g_list_free(list) }
    var node: UnsafeMutablePointer<GList>? = list
    while let current = node {
      if let data = current.pointee.data {
        let widget = data.assumingMemoryBound(to: GtkWidget.self)
        if widget != window, gtk_widget_get_mapped(widget) != 0 { return widget }
      }
      node = current.pointee.next
    }
    return nil
  }
}
