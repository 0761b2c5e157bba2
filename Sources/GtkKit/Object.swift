import CGtk

/// Owns one reference to a GObject for as long as the Swift wrapper lives.
@MainActor
open class Object {
  /// The wrapped instance, as the untyped pointer every GObject function accepts.
  public let pointer: UnsafeMutableRawPointer

  /// Wraps a floating (newly created widget) or borrowed object, taking a reference of our own.
  public init(sinking pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
    g_object_ref_sink(pointer)
  }

  /// Wraps an object whose one full reference the caller hands over, such as a new
  /// `GtkCssProvider` or `GSimpleAction`, which are not floating.
  public init(adopting pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  isolated deinit {
    g_object_unref(pointer)
  }

  /// A new reference for a C function that takes one (transfer full, as
  /// `gtk_list_view_new` takes its model); this wrapper keeps its own.
  public func newReference() -> UnsafeMutableRawPointer {
    g_object_ref(pointer)
    return pointer
  }

  /// The pointer typed for a C function taking `T *`.
  public func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
  }

  /// The pointer for C functions that take a final (opaque) GObject type.
  public var opaque: OpaquePointer { OpaquePointer(pointer) }
}
