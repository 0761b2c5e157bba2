import CGtk
import GtkKit
import TestSupport
import Testing

@testable import NatterUI

/// A linked body goes into its label as markup; the label must then show exactly the body.
@MainActor
@Suite struct MessageMarkupTests {
  @Test func aLinkedBodyShowsAsTypedWhateverItHolds() throws {
    try #require(GtkTestEnvironment.start())
    let label = Widget(gtk_label_new(nil))
    for body in [
      "<b>bold?</b> & 'quotes' \"too\" https://a.org/?x=1&y=<2>",
      "see http://a.org &amp; &lt; <span foreground='red'>no</span>",
      "tab\there\nline https://a.org/\u{7}bell",
    ] {
      let markup = try #require(MessageMarkup.markup(for: body), "\(body)")
      gtk_label_set_markup(label.opaque, markup)
      let shown = gtk_label_get_text(label.opaque).map { String(cString: $0) }
      #expect(shown == body.replacingOccurrences(of: "\u{7}", with: "\u{FFFD}"), "\(body)")
    }
    #expect(MessageMarkup.markup(for: "no links <b>here</b>") == nil)
  }
}
