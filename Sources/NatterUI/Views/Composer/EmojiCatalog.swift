import GtkKit
import NatterCore

/// The emoji table the composer completes `:name` from: GTK's names in the user's language
/// (where GTK has them), then GTK's English names, since IRC users type English too.
///
/// Read once, on the first `:` and two letters, never at start-up (start-up is measured).
@MainActor
enum EmojiCatalog {
  private static var loaded: EmojiTable?

  /// The table, read on first use.
  static var table: EmojiTable {
    if let loaded { return loaded }
    let table = read(language: EmojiData.userLanguage())
    loaded = table
    return table
  }

  /// GTK's data in `language` (nil: English only) followed by English; what cannot be read is
  /// logged and left out.
  static func read(language: String?) -> EmojiTable {
    var entries: [EmojiEntry] = []
    if let language {
      do {
        entries += try EmojiData.localized(language).map(entry)
      } catch {
        Log.warning("emoji names in \(language) not read: \(error)")
      }
    }
    do {
      entries += try EmojiData.english().map(entry)
    } catch {
      Log.warning("GTK's emoji names not read: \(error)")
    }
    return EmojiTable(entries)
  }

  private static func entry(_ data: EmojiData.Entry) -> EmojiEntry {
    EmojiEntry(emoji: data.emoji, name: data.name, keywords: data.keywords)
  }
}
