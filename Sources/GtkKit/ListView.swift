import CGtk

/// A GtkListView whose length along its scrolling orientation is the one it last laid out,
/// answered without measuring its rows again.
///
/// On X11, GTK 4.8 measures the whole window for every change of layout anywhere in it: a
/// resize queued anywhere queues `compute_size_idle` (`gdk_x11_surface_request_layout`, run
/// before anything else on the main loop), and the frame's layout computes the size again
/// (`gtk_window_compute_default_size`, then the search of `gtk_window_compute_min_size`).
/// GtkScrolledWindow asks its child's height for an unknown width there
/// (`gtk_scrolled_window_measure` passes -1), and GtkListView answers by measuring every one
/// of the 200 rows it keeps (`gtk_list_view_measure_list`): after a Page Up that bound new
/// rows, their text was laid out in that idle, ahead of the frame, which it delayed. Nobody
/// uses the answer: a scrolled window whose vertical policy is not `NEVER` takes neither its
/// child's minimum height nor, without `propagate-natural-height`, its natural one. What its
/// allocation does use, whether the rows overflow the view, is the length the list sets as its
/// adjustment's upper bound when it lays itself out (GTK's scrolled window compares the same
/// bound to show or hide the scrollbar), so that is the answer here; the rows are measured at
/// the list's width when it lays them out. Across its orientation it measures as GtkListView.
@MainActor
public enum ListView {
  /// A new list view of `model`'s items made by `factory`; it takes a reference to both.
  public static func make(
    model: UnsafeMutableRawPointer, factory: UnsafeMutableRawPointer
  ) -> UnsafeMutablePointer<GtkWidget> {
    guard let object = g_object_new_with_properties(type, 0, nil, nil) else {
      fatalError("could not make a \(typeName)")
    }
    let list = object.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 }
    gtk_list_view_set_model(OpaquePointer(list), OpaquePointer(model))
    gtk_list_view_set_factory(OpaquePointer(list), OpaquePointer(factory))
    return list
  }

  private static let typeName = "NatterListView"

  /// GtkListView's own measure, which measures the rows.
  nonisolated(unsafe) private static var listMeasure: WidgetMeasure?

  /// The GType, registered on first use: a GtkListView whose length is its last layout's.
  private static let type: GType = {
    var list = GTypeQuery()
    g_type_query(gtk_list_view_get_type(), &list)
    return g_type_register_static_simple(
      gtk_list_view_get_type(), typeName, list.class_size,
      { widgetClass, _ in
        guard let widgetClass else { return }
        let widget = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
        listMeasure = widget.pointee.measure
        widget.pointee.measure = {
          list, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
          guard let list,
            orientation == gtk_orientable_get_orientation(OpaquePointer(list)),
            let adjustment = orientation == GTK_ORIENTATION_VERTICAL
              ? gtk_scrollable_get_vadjustment(OpaquePointer(list))
              : gtk_scrollable_get_hadjustment(OpaquePointer(list))
          else {
            listMeasure?(
              list, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
            return
          }
          let length = Int32(clamping: Int(gtk_adjustment_get_upper(adjustment).rounded(.up)))
          minimum?.pointee = length
          natural?.pointee = length
          minimumBaseline?.pointee = -1
          naturalBaseline?.pointee = -1
        }
      }, list.instance_size, nil, GTypeFlags(0))
  }()
}

/// A widget class's `measure`: orientation, the size across it (-1: any), then the minimum,
/// natural and baselines it answers. Kept by the subclasses that answer for some sizes
/// themselves (`ListView`, `WrappingLabel`) to call for the others.
typealias WidgetMeasure =
  @convention(c) (
    UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?,
    UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
  ) -> Void
