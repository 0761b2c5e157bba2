extension ComposerController {
  /// What the line under the text says: over the limit wins, then editing; nil for nothing.
  public var statusNotice: String? { notice(transient: nil)?.text }

  /// The notice to show, given a short-lived one the view is still showing (a refused tag,
  /// which wins while it lasts: it answers what the user just did). `transientIsProblem` is
  /// false for information such as `/help`'s list.
  public func notice(transient: String?, transientIsProblem: Bool = true) -> ComposerNotice? {
    // The long-line notice speaks of the text: once it is sent or deleted, it is over.
    if let transient, transient != LongLineFold.notice || !isTextEmpty {
      return ComposerNotice(text: transient, isProblem: transientIsProblem)
    }
    if let limitNotice { return ComposerNotice(text: limitNotice, isProblem: true) }
    return isEditing ? ComposerNotice(text: Self.editingNotice, isProblem: false) : nil
  }

  /// Shown while a sent message is being edited.
  public static let editingNotice = localized("Editing your last message · Escape cancels")
}
