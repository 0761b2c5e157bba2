import CGtk

/// A named `GSimpleAction` in an action map (`app.`, `win.` or a widget's action group).
@MainActor
public final class Action: Object {
  public let name: String

  /// Adds a stateless action to `map` (a GtkApplication, GtkApplicationWindow or
  /// GSimpleActionGroup) that runs `activate`.
  public init(
    _ name: String, in map: UnsafeMutableRawPointer, activate: @escaping @MainActor () -> Void
  ) {
    self.name = name
    guard let action = g_simple_action_new(name, nil) else {
      fatalError("g_simple_action_new returned NULL for \(name)")
    }
    super.init(adopting: raw(action))
    Signal.connect(pointer, "activate") { (_: UnsafeMutableRawPointer?) in activate() }
    g_action_map_add_action(OpaquePointer(map), OpaquePointer(pointer))
  }

  /// Adds an action taking a string (`app.present-conversation('ircs://…')`), as a
  /// notification's default action with a target needs.
  public init(
    _ name: String, in map: UnsafeMutableRawPointer,
    activateWithString activate: @escaping @MainActor (String) -> Void
  ) {
    self.name = name
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    guard let action = g_simple_action_new(name, type) else {
      fatalError("g_simple_action_new returned NULL for \(name)")
    }
    super.init(adopting: raw(action))
    Signal.connect(pointer, "activate") { (parameter: UnsafeMutableRawPointer?) in
      guard let parameter else { return }
      let variant = OpaquePointer(parameter)
      guard g_variant_is_of_type(variant, g_variant_type_checked_("s")) != 0,
        let text = g_variant_get_string(variant, nil)
      else { return }
      activate(String(cString: text))
    }
    g_action_map_add_action(OpaquePointer(map), OpaquePointer(pointer))
  }

  /// Adds an action with an on/off state, shown as a check item in a menu; activating it
  /// flips the state and reports the new one.
  public init(
    _ name: String, in map: UnsafeMutableRawPointer, isOn: Bool,
    toggled: @escaping @MainActor (Bool) -> Void
  ) {
    self.name = name
    guard let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn.gboolean))
    else { fatalError("g_simple_action_new_stateful returned NULL for \(name)") }
    super.init(adopting: raw(action))
    Signal.connect(pointer, "activate") { [unowned self] (_: UnsafeMutableRawPointer?) in
      let on = !self.isOn
      self.isOn = on
      toggled(on)
    }
    g_action_map_add_action(OpaquePointer(map), OpaquePointer(pointer))
  }

  /// The state of an action made with `isOn:`; false for one without a state.
  public var isOn: Bool {
    get {
      guard let state = g_action_get_state(opaque) else { return false }
      defer { g_variant_unref(state) }
      return g_variant_is_of_type(state, g_variant_type_checked_("b")) != 0
        && g_variant_get_boolean(state) != 0
    }
    set { g_simple_action_set_state(opaque, g_variant_new_boolean(newValue.gboolean)) }
  }

  /// Takes the action out of `map` again.
  public func remove(from map: UnsafeMutableRawPointer) {
    g_action_map_remove_action(OpaquePointer(map), name)
  }

  public var isEnabled: Bool {
    get { Bool(gboolean: g_action_get_enabled(opaque)) }
    set { g_simple_action_set_enabled(opaque, newValue.gboolean) }
  }
}

/// A `GSimpleActionGroup`, reachable from a widget and its children under a prefix
/// (`composer.send`) once inserted.
@MainActor
public final class ActionGroup: Object {
  public init() {
    guard let group = g_simple_action_group_new() else {
      fatalError("g_simple_action_group_new returned NULL")
    }
    super.init(adopting: raw(group))
  }

  public func insert(into widget: UnsafeMutablePointer<GtkWidget>, prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, opaque)
  }
}

/// Activates an action by its detailed name (`win.search`) from `widget`'s place in the tree.
@MainActor
@discardableResult
public func activateAction(_ name: String, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  Bool(gboolean: gtk_widget_activate_action_variant(widget, name, nil))
}

/// Keyboard accelerators for detailed action names, on the application.
@MainActor
public enum Accelerators {
  public static func set(
    _ accelerators: [String], for action: String,
    on application: UnsafeMutablePointer<GtkApplication>
  ) {
    var cStrings = accelerators.map { strdup($0) }
    cStrings.append(nil)
    defer { cStrings.forEach { free($0) } }
    cStrings.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count)
      {
        gtk_application_set_accels_for_action(application, action, $0)
      }
    }
  }
}
