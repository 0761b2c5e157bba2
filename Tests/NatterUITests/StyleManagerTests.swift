import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

@MainActor
@Suite("StyleManager", .serialized)
struct StyleManagerTests {
  private func prefersDark() throws -> Bool {
    let settings = try #require(gtk_settings_get_default())
    return natter_object_get_boolean(raw(settings), "gtk-application-prefer-dark-theme") != 0
  }

  @Test func withoutABusDarkAndLightAreAppliedAndFollowingMeansLight() throws {
    try #require(GtkTestEnvironment.start())
    let manager = StyleManager(connection: nil)
    var applied: [Bool] = []
    manager.onApplied = { applied.append($0) }
    manager.style = .dark
    #expect(try prefersDark())
    manager.style = .light
    #expect(try !prefersDark())
    manager.style = .dark
    manager.style = .followSystem
    #expect(try !prefersDark())
    #expect(manager.systemColorScheme == nil)
    #expect(applied == [true, false, true, false])
  }
}
