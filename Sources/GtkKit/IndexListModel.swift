import CGtk

/// A `GListModel` of `count` rows that holds no per-row object: GTK asks for the few rows it
/// shows, and each item it gets is a small new GObject carrying only its position. A list of a
/// million rows costs what a list of ten does; the caller looks row data up by position.
@MainActor
public final class IndexListModel: Object {
  public init(count: Int = 0) {
    guard let model = g_object_new_with_properties(Self.type, 0, nil, nil) else {
      fatalError("could not instantiate NatterIndexListModel")
    }
    super.init(adopting: raw(model))
    store(count: count)
  }

  /// How many rows the model has.
  public var count: Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(typed(), Self.countKey)))
  }

  /// Adds `added` rows at the end.
  public func append(_ added: Int) {
    guard added > 0 else { return }
    let old = count
    store(count: old + added)
    g_list_model_items_changed(opaque, guint(old), 0, guint(added))
  }

  /// Replaces every row: the rows' contents changed wholesale (a new filter, a reload).
  public func reset(count newCount: Int) {
    let old = count
    store(count: newCount)
    g_list_model_items_changed(opaque, 0, guint(old), guint(newCount))
  }

  /// Tells views that the row at `position` shows different data now.
  public func refresh(at position: Int) {
    guard position >= 0, position < count else { return }
    g_list_model_items_changed(opaque, guint(position), 1, 1)
  }

  /// The position an item from this model stands for (a `GtkListItem`'s item).
  public static func position(ofItem item: UnsafeMutableRawPointer) -> Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(cast(item), positionKey))) - 1
  }

  private func store(count: Int) {
    g_object_set_data(typed(), Self.countKey, UnsafeMutableRawPointer(bitPattern: UInt(count)))
  }

  private static let countKey = "natter-count"
  private static let positionKey = "natter-position"

  /// The GType, registered on first use: a GObject implementing GListModel.
  private static let type: GType = {
    let type = g_type_register_static_simple(
      natter_type_object(), "NatterIndexListModel",
      guint(MemoryLayout<GObjectClass>.size), nil,
      guint(MemoryLayout<GObject>.size), nil, GTypeFlags(0))
    var info = GInterfaceInfo(
      interface_init: { iface, _ in
        guard let iface else { return }
        let interface = iface.assumingMemoryBound(to: GListModelInterface.self)
        interface.pointee.get_item_type = { _ in natter_type_object() }
        interface.pointee.get_n_items = { model in
          guint(UInt(bitPattern: g_object_get_data(cast(model), countKey)))
        }
        interface.pointee.get_item = { model, position in
          let count = guint(UInt(bitPattern: g_object_get_data(cast(model), countKey)))
          guard position < count,
            let item = g_object_new_with_properties(natter_type_object(), 0, nil, nil)
          else { return nil }
          // Stored off by one so that a missing key (NULL) never reads as position 0.
          g_object_set_data(
            item, positionKey, UnsafeMutableRawPointer(bitPattern: UInt(position) + 1))
          return UnsafeMutableRawPointer(item)
        }
      }, interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &info)
    return type
  }()
}
