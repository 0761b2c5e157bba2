import Testing

@testable import GtkKit

@Suite struct GettextTests {
  // Without a catalogue gettext hands back the very pointer it was given; reading it after the
  // temporary C string is gone crashed Natter at start in an English session.
  @Test func anUntranslatedTextComesBackWhole() {
    let long =
      "Send (with “Ctrl+Enter sends”: the only send key) " + String(repeating: "x", count: 200)
    for _ in 0..<200 {
      #expect(
        Gettext.translate(domain: "natter-no-such-domain", long, plural: nil, count: 1) == long)
      #expect(
        Gettext.translate(domain: "natter-no-such-domain", "one " + long, plural: long, count: 3)
          == long)
      #expect(Gettext.translate(long) == long)
      #expect(localized("Remove {tag} " + long, ("tag", "#a")) == "Remove #a " + long)
    }
  }
}
