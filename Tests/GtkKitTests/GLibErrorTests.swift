import CGtk
import GtkKit
import Testing

@Suite struct GLibErrorTests {
  @Test func takingAnErrorGivesItsMessageAndFreesIt() {
    var error: UnsafeMutablePointer<GError>? = g_error_new_literal(
      g_io_error_quark(), Int32(G_IO_ERROR_FAILED.rawValue), "the disk is full")
    #expect(GLibError.take(&error) == "the disk is full")
    #expect(error == nil)
    // Taken once: a second look finds nothing to free.
    #expect(GLibError.take(&error) == nil)
  }
}
