import CGtk

/// GTK's own emoji names: `en.data` in libgtk-4 and, per language, the `<lang>.gresource`
/// files under `gtk-4.0/emoji/` in the system data directories (GTK 4.8's emoji chooser reads
/// the same). Each is a GVariant `a(ausasu)`: codepoints, name, keywords, group.
public enum EmojiData {
  /// One emoji as the data lists it.
  public struct Entry: Equatable, Sendable {
    public let emoji: String
    public let name: String
    public let keywords: [String]
  }

  /// Why a file could not be read.
  public enum LoadError: Error, Equatable {
    case missing(String)
    case unreadable(path: String, message: String)
  }

  private static let resourceFolder = "/org/gtk/libgtk/emoji/"

  /// The English data built into GTK.
  public static func english() throws(LoadError) -> [Entry] {
    let path = resourceFolder + "en.data"
    var error: UnsafeMutablePointer<GError>?
    guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
      throw .unreadable(path: path, message: GLibError.take(&error) ?? "not found")
    }
    defer { g_bytes_unref(bytes) }
    return entries(in: bytes)
  }

  /// The data in `language` (`de`, `ko`), where GTK ships a file for it.
  public static func localized(_ language: String) throws(LoadError) -> [Entry] {
    guard let file = file(for: language) else { throw .missing(language) }
    var error: UnsafeMutablePointer<GError>?
    guard let resource = g_resource_load(file, &error) else {
      throw .unreadable(path: file, message: GLibError.take(&error) ?? "not loaded")
    }
    defer { g_resource_unref(resource) }
    let path = resourceFolder + language + ".data"
    guard let bytes = g_resource_lookup_data(resource, path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error)
    else {
      throw .unreadable(path: path, message: GLibError.take(&error) ?? "not found")
    }
    defer { g_bytes_unref(bytes) }
    return entries(in: bytes)
  }

  /// The user's first language that GTK has emoji names for, other than English (nil for an
  /// English or C locale, or one GTK has no file for), from GLib's language list.
  public static func userLanguage() -> String? {
    guard var names = g_get_language_names() else { return nil }
    while let name = names.pointee {
      let code = String(cString: name).prefix { $0 != "_" && $0 != "." && $0 != "@" }
      names += 1
      if code == "C" || code == "POSIX" || code.isEmpty { continue }
      if code == "en" { return nil }
      if file(for: String(code)) != nil { return String(code) }
    }
    return nil
  }

  /// `gtk-4.0/emoji/<language>.gresource` in the first system data directory holding it.
  private static func file(for language: String) -> String? {
    guard !language.contains("/"), var dirs = g_get_system_data_dirs() else { return nil }
    while let dir = dirs.pointee {
      let path = String(cString: dir) + "/gtk-4.0/emoji/" + language + ".gresource"
      if g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 { return path }
      dirs += 1
    }
    return nil
  }

  private static func entries(in bytes: OpaquePointer) -> [Entry] {
    guard let type = g_variant_type_new("a(ausasu)") else { return [] }
    defer { g_variant_type_free(type) }
    guard let data = g_variant_new_from_bytes(type, bytes, 1) else { return [] }
    g_variant_ref_sink(data)
    defer { g_variant_unref(data) }
    let count = g_variant_n_children(data)
    var result: [Entry] = []
    result.reserveCapacity(Int(count))
    for index in 0..<count {
      guard let item = g_variant_get_child_value(data, index) else { continue }
      defer { g_variant_unref(item) }
      if let entry = entry(item) { result.append(entry) }
    }
    return result
  }

  private static func entry(_ item: OpaquePointer) -> Entry? {
    guard let codes = g_variant_get_child_value(item, 0),
      let name = g_variant_get_child_value(item, 1),
      let keywords = g_variant_get_child_value(item, 2)
    else { return nil }
    defer {
      g_variant_unref(codes)
      g_variant_unref(name)
      g_variant_unref(keywords)
    }
    var scalars = String.UnicodeScalarView()
    var codeCount: gsize = 0
    if let raw = g_variant_get_fixed_array(codes, &codeCount, 4) {
      let values = raw.assumingMemoryBound(to: UInt32.self)
      for position in 0..<Int(codeCount) {
        // 0 stands for the skin-tone modifier the chooser adds; the base emoji has none.
        guard values[position] != 0, let scalar = Unicode.Scalar(values[position]) else {
          continue
        }
        scalars.append(scalar)
      }
    }
    guard !scalars.isEmpty, let title = string(g_variant_get_string(name, nil)) else {
      return nil
    }
    var words: [String] = []
    var wordCount: gsize = 0
    if let strv = g_variant_get_strv(keywords, &wordCount) {
      for position in 0..<Int(wordCount) {
        if let word = string(strv[position]) { words.append(word) }
      }
      g_free(strv)
    }
    return Entry(emoji: String(scalars), name: title, keywords: words)
  }
}
