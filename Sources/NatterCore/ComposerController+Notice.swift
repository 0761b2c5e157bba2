extension ComposerController {
  /// What the line under the text says: over the limit wins, then editing; nil for nothing.
  public var statusNotice: String? {
    if let limitNotice { return limitNotice }
    return isEditing ? Self.editingNotice : nil
  }

  /// Shown while a sent message is being edited.
  public static let editingNotice = "Editing your last message · Escape cancels"
}
