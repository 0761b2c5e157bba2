import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// A composer at the bottom of a window, under a filler standing for the transcript, as the
/// app lays it out.
@MainActor
func composerInWindow(width: Int32 = 720) throws -> (ComposerView, TestWindow) {
  try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
  let composer = ComposerView(controller: ComposerController(sender: "me"))
  let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
  let filler = gtk_label_new("transcript")
  gtk_widget_set_vexpand(filler, 1)
  gtk_box_append(cast(box), filler)
  gtk_box_append(cast(box), composer.widget)
  return (composer, TestWindow(child: try #require(box), width: width, height: 500))
}
