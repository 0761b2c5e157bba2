import CGtk

// GTK's public structs import as typed pointers, its final types as OpaquePointer, and its
// casting macros (GTK_WIDGET(), G_OBJECT()) not at all; these keep call sites short.

/// Reinterprets any GObject pointer as `T *` (the C cast macros do the same without a check).
@inline(__always)
public func cast<T>(_ pointer: UnsafeMutableRawPointer?, to _: T.Type = T.self)
  -> UnsafeMutablePointer<T>?
{
  pointer?.assumingMemoryBound(to: T.self)
}

/// Reinterprets an opaque GObject pointer as `T *`.
@inline(__always)
public func cast<T>(_ pointer: OpaquePointer?, to _: T.Type = T.self) -> UnsafeMutablePointer<T>? {
  UnsafeMutablePointer<T>(pointer)
}

/// Reinterprets a typed GObject pointer as `T *`.
@inline(__always)
public func cast<T, U>(_ pointer: UnsafeMutablePointer<U>?, to _: T.Type = T.self)
  -> UnsafeMutablePointer<T>?
{
  UnsafeMutableRawPointer(pointer)?.assumingMemoryBound(to: T.self)
}

/// The untyped `gpointer` form of any GObject pointer.
@inline(__always)
public func raw<U>(_ pointer: UnsafeMutablePointer<U>) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}

/// The untyped `gpointer` form of an opaque GObject pointer.
@inline(__always)
public func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}

/// A Swift string from a C string handed to us (transfer full), copied; the C string is freed.
public func takeString(_ cString: UnsafeMutablePointer<CChar>?) -> String? {
  guard let cString else { return nil }
  defer { g_free(cString) }
  return String(cString: cString)
}

/// A Swift string from a C string GLib owns (or nil), copied.
public func string(_ cString: UnsafePointer<CChar>?) -> String? {
  cString.map { String(cString: $0) }
}

extension Bool {
  /// The gboolean form.
  public var gboolean: gboolean { self ? 1 : 0 }

  /// Reads a gboolean.
  public init(gboolean value: gboolean) { self = value != 0 }
}

/// The opaque form of a GObject pointer, for interface types (GtkAccessible, GActionMap) and
/// final classes.
@inline(__always)
public func opaque<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer {
  OpaquePointer(pointer)
}
