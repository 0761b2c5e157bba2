import Foundation
import TestSupport
import Testing

@testable import GtkKit

/// A client certificate file for SASL EXTERNAL: its fingerprint, or one sentence for a file
/// that cannot be used.
@Suite struct ClientCertificateTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("natter-client-certificate-\(UUID().uuidString)")

  /// openssl's certificate and key; returns their paths and the DER's SHA-256.
  private func makeCertificate() throws -> (cert: String, key: String, fingerprint: String) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let cert = folder.appendingPathComponent("alice.crt").path
    let key = folder.appendingPathComponent("alice.key").path
    try run([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days",
      "2", "-subj", "/CN=alice",
    ])
    let der = folder.appendingPathComponent("alice.der").path
    try run(["x509", "-in", cert, "-outform", "DER", "-out", der])
    let digest = Process()
    digest.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    digest.arguments = [der]
    let pipe = Pipe()
    digest.standardOutput = pipe
    try digest.run()
    digest.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (cert, key, String(text.prefix(64)))
  }

  private func run(_ arguments: [String]) throws {
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    openssl.arguments = arguments
    openssl.standardError = FileHandle.nullDevice
    try openssl.run()
    openssl.waitUntilExit()
  }

  @Test func aPEMWithItsKeyOrAKeyBesideItGivesTheFingerprint() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try makeCertificate()
    // The key beside it, as `alice.key`.
    #expect(ClientCertificate.fingerprint(ofFile: made.cert) == .success(made.fingerprint))
    let both = folder.appendingPathComponent("both.pem")
    let text =
      try String(contentsOfFile: made.cert, encoding: .utf8)
      + String(contentsOfFile: made.key, encoding: .utf8)
    try text.write(to: both, atomically: true, encoding: .utf8)
    #expect(ClientCertificate.fingerprint(ofFile: both.path) == .success(made.fingerprint))
  }

  @Test func aMissingFileOrOneWithoutAKeyIsASentence() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try makeCertificate()
    try FileManager.default.removeItem(atPath: made.key)
    guard case .failure(let noKey) = ClientCertificate.fingerprint(ofFile: made.cert) else {
      Issue.record("a certificate without a key was accepted")
      return
    }
    #expect(noKey.sentence.contains("no private key"))
    guard case .failure(let missing) = ClientCertificate.fingerprint(ofFile: "/nonexistent.pem")
    else {
      Issue.record("a missing file was accepted")
      return
    }
    #expect(missing.sentence.hasPrefix("The client certificate could not be read"))
  }

  /// A file that cannot be used ends the connection with the sentence, before any socket.
  @MainActor @Test func anUnreadableCertificateClosesTheConnectionWithItsReason() {
    var reasons: [String?] = []
    let connection = LineConnection(
      host: "127.0.0.1", port: 9, tls: true, clientCertificate: "/nonexistent/alice.pem"
    ) { _, event in
      if case .closed(let reason) = event { reasons.append(reason) }
    }
    #expect(Wait.until(timeout: 5) { !reasons.isEmpty })
    #expect(reasons.first??.hasPrefix("The client certificate could not be read") == true)
    withExtendedLifetime(connection) {}
  }
}
