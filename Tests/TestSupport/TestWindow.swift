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

  /// Lets GTK run layout and paint until nothing is pending for a moment.
  public func settle(seconds: Double = 0.15) {
    MainLoop.iterate(seconds: seconds)
  }

  public func resize(width: Int32, height: Int32) {
    gtk_window_set_default_size(window.typed(), width, height)
    settle(seconds: 0.3)
  }

  public var width: Int32 { gtk_widget_get_width(window.widget) }

  public func close() {
    gtk_window_destroy(window.typed())
  }
}
