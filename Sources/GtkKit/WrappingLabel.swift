import CGtk

/// A wrapping GtkLabel whose width request is given rather than measured from its text.
///
/// GTK 4.8 asks a widget for its width before every height-for-width query, and a wrapping
/// GtkLabel answers by laying its text out twice (at its `width-chars` and unwrapped) before
/// the layout at the width it gets; Pango 1.50 shapes the whole text each time. Told its width,
/// the label lays its text out only for the heights asked and the width it gets.
@MainActor
public enum WrappingLabel {
  /// A new label that wraps words (and characters within too long a word) and asks for
  /// `width` pixels across, as its minimum and its natural width.
  public static func make(width: Int) -> UnsafeMutablePointer<GtkWidget> {
    guard let object = g_object_new_with_properties(type, 0, nil, nil) else {
      fatalError("could not make a \(typeName)")
    }
    let label = object.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 }
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
    setWidth(width, of: label)
    return label
  }

  /// Changes the width `label` asks for.
  public static func setWidth(_ width: Int, of label: UnsafeMutablePointer<GtkWidget>) {
    // Stored plus one, so that a missing key (NULL) never reads as a width.
    g_object_set_data(cast(label), widthKey, UnsafeMutableRawPointer(bitPattern: UInt(width + 1)))
    gtk_widget_queue_resize(label)
  }

  /// The width `label` asks for.
  public static func width(of label: UnsafeMutablePointer<GtkWidget>) -> Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(cast(label), widthKey))) - 1
  }

  private static let widthKey = "natter-width"
  private static let typeName = "NatterWrappingLabel"

  /// GtkLabel's own measure, which answers every height.
  nonisolated(unsafe) private static var labelMeasure: WidgetMeasure?

  /// The GType, registered on first use: a GtkLabel whose width is given.
  private static let type: GType = {
    var label = GTypeQuery()
    g_type_query(gtk_label_get_type(), &label)
    return g_type_register_static_simple(
      gtk_label_get_type(), typeName, label.class_size,
      { widgetClass, _ in
        guard let widgetClass else { return }
        let widget = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
        labelMeasure = widget.pointee.measure
        widget.pointee.measure = {
          label, orientation, forSize, minimum, natural, minimumBaseline,
          naturalBaseline in
          guard orientation == GTK_ORIENTATION_HORIZONTAL, let label else {
            labelMeasure?(
              label, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
            return
          }
          let width = Int32(max(0, WrappingLabel.width(of: label)))
          minimum?.pointee = width
          natural?.pointee = width
        }
      }, label.instance_size, nil, GTypeFlags(0))
  }()
}
