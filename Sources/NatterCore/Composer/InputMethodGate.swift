/// Which keys an input method sees, and what follows once it has finished composing.
///
/// Input methods answer a key in two ways: they compose with it, or they hand it back. On
/// GTK 4 the second way is unreliable: ibus-gtk4 with ibus-hangul's default event forwarding
/// claims every key and re-feeds the ones it did not use to its own context, where Enter,
/// Backspace and shifted symbols are lost; other input methods answer asynchronously. So a
/// key that Natter gives a meaning to (Enter, Shift+Enter, Space after a hashtag, Escape, Up)
/// never goes to an input method that is not composing, and when one is composing the key
/// first ends the composition and Natter's part follows once the text is committed: the new
/// line, the chip. A send never rides on the keystroke that commits (SPEC §5): Enter commits,
/// the next Enter sends, which is what Korean and Japanese users expect.
public struct InputMethodGate: Equatable, Sendable {
  /// Where one key press goes.
  public enum Route: Equatable, Sendable {
    /// Natter's now; the input method never sees the key.
    case perform(KeyAction)
    /// The input method's, to end its composition; `finishKey()` or the end of the
    /// composition then gives Natter's part, if any.
    case inputMethod
    /// Not Natter's: the text view and its input method have it as usual.
    case widget
  }

  /// What is known of the input method's composition.
  private enum Composition: Equatable, Sendable {
    case none
    /// A preedit is shown.
    case shown
    /// The input method reports a preedit change but no text: ibus-gtk4 without a daemon hides
    /// its fallback's Ctrl+Shift+U composition like that. Treated as composing until the text
    /// changes or the input method has had one key.
    case hidden
  }

  private var composition = Composition.none

  /// An input method is (or may be) composing in the composer.
  public var isComposing: Bool { composition != .none }
  /// What follows the composition's commit, for the key that ended it.
  private var followUp: KeyAction?

  /// A gate with nothing composing.
  public init() {}

  /// Routes a key whose meaning, were nothing composing, is `action` (nil: no meaning to
  /// Natter; see `Keymap.action`).
  public mutating func route(_ action: KeyAction?) -> Route {
    guard isComposing else {
      // A new key while nothing composes: a follow-up still waiting for a commit that never
      // came (the composition was cancelled) must not fire at some later commit.
      followUp = nil
      return action.map(Route.perform) ?? .widget
    }
    guard let action else { return .widget }
    followUp = Self.followsCommit(action) ? action : nil
    return .inputMethod
  }

  /// The input method's preedit text changed (`""` when it ended, or when it is hidden).
  public mutating func preeditChanged(_ preedit: String) {
    if !preedit.isEmpty {
      composition = .shown
    } else {
      composition = composition == .shown ? .none : .hidden
    }
  }

  /// The composer's text changed: a hidden composition, if any, was committed.
  public mutating func textChanged() {
    if composition == .hidden { composition = .none }
  }

  /// The input method has had the key routed to it; returns Natter's part of the key when
  /// the composition is over, else nil (an asynchronous input method is still at work: ask
  /// again when the preedit ends).
  public mutating func finishKey() -> KeyAction? {
    // A hidden composition had its chance with this key: if it swallowed the key and showed
    // nothing, the next key is Natter's (at most one Enter is lost to it).
    if composition == .hidden { composition = .none }
    guard !isComposing, let action = followUp else { return nil }
    followUp = nil
    return action
  }

  /// Whether Natter's part is still waiting for the composition to end.
  public var isWaitingForCommit: Bool { followUp != nil }

  /// Keys that type something still do so after the commit; a send, an edit, Escape and the
  /// like are used up by ending the composition.
  private static func followsCommit(_ action: KeyAction) -> Bool {
    action == .newline || action == .convertHashtag
  }
}
