import CGtk
import Foundation

/// A client certificate from a PEM file, for TLS client authentication (SASL `EXTERNAL`):
/// the file holds the certificate and its key, or the key is beside it as `<name>.key`.
public enum ClientCertificate {
  /// Loads `path`; the caller owns the returned reference. Throws a plain sentence.
  static func load(_ path: String) throws(CertificateError) -> UnsafeMutablePointer<GTlsCertificate>
  {
    var error: UnsafeMutablePointer<GError>?
    guard let certificate = g_tls_certificate_new_from_file(path, &error) else {
      let detail = error.flatMap { string($0.pointee.message) } ?? ""
      g_clear_error(&error)
      throw CertificateError(
        sentence: localized(
          "The client certificate could not be read ({detail}).", ("detail", detail)))
    }
    if natter_tls_certificate_has_key(certificate) != 0 { return certificate }
    g_object_unref(raw(certificate))
    let keyPath = (path as NSString).deletingPathExtension + ".key"
    if FileManager.default.isReadableFile(atPath: keyPath),
      let paired = g_tls_certificate_new_from_files(path, keyPath, &error)
    {
      return paired
    }
    g_clear_error(&error)
    throw CertificateError(
      sentence: localized(
        "The client certificate file holds no private key: put the certificate and its key in one PEM file."
      ))
  }

  /// The SHA-256 fingerprint of the certificate in `path` (lowercase hex, as `NickServ CERT
  /// ADD` shows it), or why it cannot be used.
  public static func fingerprint(ofFile path: String) -> Result<String, CertificateError> {
    do {
      let certificate = try load(path)
      defer { g_object_unref(raw(certificate)) }
      guard let hex = natter_tls_certificate_sha256(certificate) else {
        return .failure(
          CertificateError(sentence: localized("The client certificate could not be read.")))
      }
      defer { g_free(hex) }
      return .success(String(cString: hex))
    } catch {
      return .failure(error)
    }
  }
}

/// Why a client certificate cannot be used, in one plain sentence.
public struct CertificateError: Error, Equatable, Sendable {
  public var sentence: String
}
