import CGtk

/// A widget we own one reference to, with the few calls every view makes.
@MainActor
open class Widget: Object {
  /// The widget typed for `gtk_widget_*` calls.
  public var widget: UnsafeMutablePointer<GtkWidget> { typed() }

  /// Wraps a widget a `gtk_*_new` function returned. Those only return NULL when GTK is not
  /// initialised, a programming error we stop at rather than carry a NULL handle.
  public init(_ widget: UnsafeMutablePointer<GtkWidget>?) {
    guard let widget else { fatalError("a GTK constructor returned NULL; is GTK initialised?") }
    super.init(sinking: UnsafeMutableRawPointer(widget))
  }

  public var isVisible: Bool {
    get { Bool(gboolean: gtk_widget_get_visible(widget)) }
    set { gtk_widget_set_visible(widget, newValue.gboolean) }
  }

  /// Whether it takes input; an insensitive widget is greyed out and skipped by the focus.
  public var isSensitive: Bool {
    get { Bool(gboolean: gtk_widget_get_sensitive(widget)) }
    set { gtk_widget_set_sensitive(widget, newValue.gboolean) }
  }

  public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
  public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
  /// Adds `name` when `on`, else removes it: a row filled again takes off what it had.
  /// Returns whether the widget's classes changed.
  @discardableResult
  public func setCSSClass(_ name: String, on: Bool) -> Bool {
    guard Bool(gboolean: gtk_widget_has_css_class(widget, name)) != on else { return false }
    on ? addCSSClass(name) : removeCSSClass(name)
    return true
  }

  /// The name screen readers and the end-to-end tests find this widget by.
  public func setAccessibleLabel(_ label: String) { Accessible.setLabel(widget, label) }

  /// The tooltip (`nil`: none), also the accessible description; see `Tooltip.set`.
  public func setTooltip(_ text: String?) { Tooltip.set(widget, text) }

  @discardableResult
  public func grabFocus() -> Bool { Bool(gboolean: gtk_widget_grab_focus(widget)) }

  public var hasFocus: Bool { Bool(gboolean: gtk_widget_has_focus(widget)) }

  /// Whether the window's focus is on this widget or inside it. Hiding such a widget leaves
  /// the focus to GTK, which moves it after the next frame to the first ancestor that takes
  /// it, or to the window's first focusable widget: rarely where the user was typing.
  public var hasFocusWithin: Bool {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else {
      return false
    }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }
}
