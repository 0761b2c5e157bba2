import CGtk
import Foundation
import GtkKit
import NatterCore

/// Binds the transcripts' rows again when the local day has changed since they read their
/// day separators, so that a window left open overnight calls yesterday `Yesterday` rather
/// than showing a second `Today` above the first message after midnight.
///
/// It looks at each local midnight, whenever a transcript is shown again, and at least hourly:
/// GLib's timers run on a clock that stops while the machine sleeps, so one set for midnight
/// before a sleep comes late by as long as the sleep.
@MainActor
final class DayWatch {
  /// One for every transcript, as their formatter is.
  static let shared = DayWatch(formatter: TranscriptView.sharedFormatter)
  /// The longest wait between looks: late by at most this after a sleep.
  private static let longestWait: TimeInterval = 3600

  private let formatter: TranscriptFormatter
  private var transcripts: [WeakTranscript] = []
  /// When the separators on screen were read.
  private var labelled = Date()
  private var timer: UInt32 = 0

  private struct WeakTranscript {
    weak var view: TranscriptView?
  }

  init(formatter: TranscriptFormatter) {
    self.formatter = formatter
  }

  /// Binds `transcript`'s rows again whenever the day changes from now on; called once its
  /// first frame is up, so start-up computes no midnight.
  func follow(_ transcript: TranscriptView) {
    transcripts.removeAll { $0.view == nil }
    transcripts.append(WeakTranscript(view: transcript))
    Signal.connect(transcript.pointer, "map") { [weak self] in self?.check() }
    if timer == 0 { wakeAtMidnight() }
  }

  private func check() {
    let now = Date()
    if !formatter.isSameDay(labelled, now) {
      labelled = now
      for transcript in transcripts { transcript.view?.rebindRows() }
    }
    wakeAtMidnight()
  }

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
