import CGtk
import GtkKit

/// A real toplevel window hosting one widget under test, laid out by GTK.
@MainActor
public final class TestWindow {
  public let window: Widget

  public init(child: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
    window = Widget(gtk_window_new())
    gtk_window_set_default_size(window.typed(), width, height)
    gtk_window_set_child(window.typed(), child)
    gtk_window_present(window.typed())
    settle()
  }

  /// Runs the main loop until the window has painted twice more: what was changed before the
  /// call is laid out, and what that layout deferred to an idle is too (`Wait.frames`).
  public func settle() {
    Wait.frames(2, of: window.widget)
  }

  public var width: Int32 { gtk_widget_get_width(window.widget) }

  public func close() {
    gtk_window_destroy(window.typed())
  }
}
