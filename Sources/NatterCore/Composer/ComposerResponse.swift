/// The answer to a key the composer may consume: effects, and whether the widget gets the key.
public struct ComposerResponse: Equatable, Sendable {
  /// What the view must do, in order.
  public var effects: [ComposerEffect]
  /// When true the key handler returns false, so the widget types or handles the key itself.
  public var passesKeyToWidget: Bool

  /// A response; by default nothing to do and the key consumed.
  public init(effects: [ComposerEffect] = [], passesKeyToWidget: Bool = false) {
    self.effects = effects
    self.passesKeyToWidget = passesKeyToWidget
  }

  /// Nothing to do; the widget handles the key.
  public static let passToWidget = ComposerResponse(passesKeyToWidget: true)
}
