import CGtk

/// A `GListModel` of `count` rows that holds no per-row object: GTK asks for the few rows it
/// shows, and each item it gets is a small new GObject carrying only its index. A list of a
/// million rows costs what a list of ten does; the caller looks row data up by index.
///
/// The model can start by showing only its last rows and reveal the ones before them later:
/// GTK 4.8's list view builds up to 200 rows around its anchor at once, and that work can wait
/// until the window has painted. An item's index counts the hidden rows too, so it stays
/// right when they are revealed.
@MainActor
public final class IndexListModel: Object {
  /// A model of `count` rows of which only the last `showingLast` are in the list for now.
  public init(count: Int = 0, showingLast: Int? = nil) {
    guard let model = g_object_new_with_properties(Self.type, 0, nil, nil) else {
      fatalError("could not instantiate NatterIndexListModel")
    }
    super.init(adopting: raw(model))
    let hidden = showingLast.map { max(0, count - max(0, $0)) } ?? 0
    store(count: count - hidden)
    store(hidden: hidden)
  }

  /// How many rows the list has now (the shown ones).
  public var count: Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(typed(), Self.countKey)))
  }

  /// Rows before the first shown one, not yet in the list.
  public var hiddenCount: Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(typed(), Self.hiddenKey)))
  }

  /// The index of the row at list position `position`.
  public func index(atPosition position: Int) -> Int { hiddenCount + position }

  /// Puts the hidden rows into the list, before the shown ones.
  public func revealAll() { reveal(hiddenCount) }

  /// Puts the last `rows` of the hidden rows (the ones just before the shown ones) into the
  /// list, at its start.
  public func reveal(_ rows: Int) {
    let revealed = min(max(0, rows), hiddenCount)
    guard revealed > 0 else { return }
    store(hidden: hiddenCount - revealed)
    store(count: count + revealed)
    g_list_model_items_changed(opaque, 0, 0, guint(revealed))
  }

  /// Adds `added` rows at the end.
  public func append(_ added: Int) {
    guard added > 0 else { return }
    let old = count
    store(count: old + added)
    g_list_model_items_changed(opaque, guint(old), 0, guint(added))
  }

  /// Replaces every row, all shown: the rows' contents changed wholesale (a new filter).
  public func reset(count newCount: Int) {
    let old = count
    store(hidden: 0)
    store(count: newCount)
    g_list_model_items_changed(opaque, 0, guint(old), guint(newCount))
  }

  /// The row index an item from this model stands for (a `GtkListItem`'s item).
  public static func index(ofItem item: UnsafeMutableRawPointer) -> Int {
    Int(bitPattern: UInt(bitPattern: g_object_get_data(cast(item), indexKey))) - 1
  }

  private func store(count: Int) {
    g_object_set_data(typed(), Self.countKey, UnsafeMutableRawPointer(bitPattern: UInt(count)))
  }

  private func store(hidden: Int) {
    g_object_set_data(typed(), Self.hiddenKey, UnsafeMutableRawPointer(bitPattern: UInt(hidden)))
  }

  private static let countKey = "natter-count"
  private static let hiddenKey = "natter-hidden"
  private static let indexKey = "natter-index"

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
          let hidden = UInt(bitPattern: g_object_get_data(cast(model), hiddenKey))
          guard position < count,
            let item = g_object_new_with_properties(natter_type_object(), 0, nil, nil)
          else { return nil }
          // Stored off by one so that a missing key (NULL) never reads as index 0.
          g_object_set_data(
            item, indexKey, UnsafeMutableRawPointer(bitPattern: hidden + UInt(position) + 1))
          return UnsafeMutableRawPointer(item)
        }
      }, interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &info)
    return type
  }()
}
