/// Whether the conversations sidebar shows (SPEC §10): by itself at 600 px of window width
/// and wider, once there is more than `Notes` to choose from (without an account Natter stays
/// the one local history it was, SPEC §9); F9 shows or hides it until the width next crosses
/// 600 px.
public struct SidebarVisibility: Equatable, Sendable {
  /// Below this window width the sidebar hides itself.
  public static let minimumWidth = 600

  private var wide = true
  private var choice: Bool?
  private var several = true

  public init() {}

  /// Whether the sidebar shows now.
  public var isShown: Bool { choice ?? (wide && several) }

  /// The sidebar lists `count` conversations; returns whether it shows.
  @discardableResult
  public mutating func conversationsChanged(count: Int) -> Bool {
    several = count > 1
    return isShown
  }

  /// The window is `width` pixels wide; returns whether the sidebar shows.
  @discardableResult
  public mutating func widthChanged(_ width: Int) -> Bool {
    let nowWide = width >= Self.minimumWidth
    if nowWide != wide { choice = nil }
    wide = nowWide
    return isShown
  }

  /// F9: the opposite of what shows now; returns whether the sidebar shows.
  @discardableResult
  public mutating func toggle() -> Bool {
    choice = !isShown
    return isShown
  }
}
