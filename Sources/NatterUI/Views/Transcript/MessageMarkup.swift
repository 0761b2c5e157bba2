import GtkKit
import NatterCore

/// How a body goes into its label: plain text, or markup when it has links to make clickable.
enum MessageMarkup {
  /// Pango markup for `body` when it has an http(s) link, else nil: the body is then set as
  /// plain text. `BodyMarkup` finds the links; GLib escapes every piece of user text.
  static func markup(for body: String) -> String? {
    // Cheap test first: most bodies have no link, and this runs for every row bound.
    guard body.range(of: "http", options: .caseInsensitive) != nil,
      !BodyMarkup.links(in: body).isEmpty
    else { return nil }
    return BodyMarkup.pango(body, escape: Markup.escape)
  }
}
