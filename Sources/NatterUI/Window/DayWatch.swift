import CGtk
import Foundation
import GtkKit
import NatterCore

/// Says when the local day has changed since the transcripts' day separators were read, so
/// that a window left open overnight calls yesterday `Yesterday` rather than showing a
/// second `Today` above the first message after midnight.
///
/// It looks at each local midnight, whenever the window becomes active again, and at least
/// hourly: GLib's timers run on a clock that stops while the machine sleeps, so one set for
/// midnight before a sleep comes late by as long as the sleep.
@MainActor
final class DayWatch {
  private let formatter: TranscriptFormatter
  private let onNewDay: () -> Void
  /// When the separators on screen were read.
  private var labelled = Date()
  private var timer: UInt32 = 0

  init(formatter: TranscriptFormatter, onNewDay: @escaping () -> Void) {
    self.formatter = formatter
    self.onNewDay = onNewDay
  }

  isolated deinit { MainLoop.cancel(timer) }

  /// Starts looking, also whenever `window` becomes active.
  func watch(_ window: Widget) {
    Signal.connect(window.pointer, "notify::is-active") { [weak self] (_: Signal.Pointer?) in
      self?.check()
    }
    wakeAtMidnight()
  }

  private func check() {
    let now = Date()
    if !formatter.isSameDay(labelled, now) {
      labelled = now
      onNewDay()
    }
    wakeAtMidnight()
  }

  /// The longest wait between looks: late by at most this after a sleep.
  private static let longestWait: TimeInterval = 3600

  private func wakeAtMidnight() {
    MainLoop.cancel(timer)
    // A second past it, so that the clock read then is surely on the new day.
    let wait = formatter.nextDay(after: Date()).timeIntervalSinceNow + 1
    let milliseconds = UInt32(min(max(wait, 1), Self.longestWait) * 1000)
    timer = MainLoop.timeout(milliseconds: milliseconds) { [weak self] in
      self?.timer = 0
      self?.check()
      return false
    }
  }
}
