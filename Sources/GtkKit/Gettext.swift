import CGtk

/// The process's locale and its message catalogues (gettext, as every GNOME app uses).
public enum Gettext {
  /// Takes the locale from the environment (`LANG`, `LC_ALL`, `LANGUAGE`) and reads
  /// `domain`'s catalogues from `directory` (`<prefix>/share/locale`). Call before any text
  /// is made; GTK's own catalogues follow the same locale.
  public static func bind(domain: String, directory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(domain, directory)
    bind_textdomain_codeset(domain, "UTF-8")
    // Not textdomain(domain): GLib then leaves GTK's own text untranslated in every language
    // Natter has no catalogue for, and GTK takes its direction from that text, so an Arabic
    // or Hebrew session would not mirror the window.
    boundDomain = domain
  }

  // Set once by `bind`, before any window exists, and only read after.
  nonisolated(unsafe) private static var boundDomain: String?

  /// `singular` (or the plural form for `count`) in the catalogue of `domain`.
  public static func translate(
    domain: String, _ singular: String, plural: String?, count: Int
  ) -> String {
    // Without a translation gettext returns the pointer it was given, here a temporary C
    // copy of the Swift string: the result is copied while that copy is still alive.
    singular.withCString { singular in
      guard let plural else { return String(cString: g_dgettext(domain, singular)) }
      return plural.withCString { plural in
        String(cString: g_dngettext(domain, singular, plural, UInt(max(0, count))))
      }
    }
  }

  /// `text` in the domain `bind` chose.
  static func translate(_ text: String) -> String {
    guard let domain = boundDomain else { return text }
    return translate(domain: domain, text, plural: nil, count: 1)
  }

  /// The locale dates and times are written in (`LC_TIME`), as a POSIX name such as `de_DE`,
  /// without encoding or modifier; `C` and `POSIX` give nil.
  public static var timeLocale: String? {
    guard let name = setlocale(LC_TIME, nil).map({ String(cString: $0) }) else { return nil }
    let base = name.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init)
    guard let base, base != "C", base != "POSIX" else { return nil }
    return base
  }
}

/// `text` in the user's language, from the catalogue `Gettext.bind` chose, with its one
/// `{name}` placeholder (if any) filled. GtkKit's own messages (a connection that failed) are
/// read by people too; NatterCore has its own `localized` for the app's text.
func localized(_ text: String, _ placeholder: (name: String, value: String)? = nil) -> String {
  let translated = Gettext.translate(text)
  guard let placeholder else { return translated }
  return translated.replacingOccurrences(of: "{\(placeholder.name)}", with: placeholder.value)
}
