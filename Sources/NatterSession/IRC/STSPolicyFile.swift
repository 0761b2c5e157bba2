import Foundation
import GtkKit
import NatterCore

/// The STS policies servers gave over TLS, kept in `sts-policies` in the data folder: they
/// are what servers told Natter, not choices of the user, so they live with the history (and
/// `--data-dir` keeps a test's apart) rather than in `settings.ini`. Shared by every network.
@MainActor
public final class STSPolicyFile {
  public private(set) var policies: IRCSTSPolicies
  private let file: URL?

  /// `file` nil keeps the policies in memory only (tests, a data folder that cannot be used).
  public init(file: URL?) {
    self.file = file
    let text = file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    var read = IRCSTSPolicies(text: text)
    read.expire(at: Date())
    policies = read
  }

  public convenience init(dataDirectory: URL) {
    self.init(file: dataDirectory.appendingPathComponent("sts-policies"))
  }

  /// A TLS connection's `sts` duration for `host`, reached on `port`.
  func heard(host: String, port: Int, duration: Int) {
    let before = policies
    policies.heard(host: host, port: port, duration: duration, at: Date())
    guard policies != before, let file else { return }
    do {
      try policies.text.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      Log.warning("could not keep the STS policies in \(file.path): \(error)")
    }
  }
}
