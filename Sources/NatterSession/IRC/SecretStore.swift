import CGtk
import CSecret
import Foundation
import GtkKit
import NatterCore

/// The IRC password in the Secret Service (libsecret), looked up and stored asynchronously so a
/// slow or missing keyring never holds the window. Nothing here logs a password.
@MainActor
public enum SecretStore {
  /// Looks up the password for `account` on `server`; `done` gets nil when there is none or no
  /// Secret Service answers.
  public static func lookup(
    server: String, account: String, _ done: @escaping @MainActor (String?) -> Void
  ) {
    guard natter_secret_available() != 0 else {
      Log.info("no Secret Service password: libsecret could not be opened")
      done(nil)
      return
    }
    let finished = AsyncCall.ready { _, result in
      var error: UnsafeMutablePointer<GError>?
      let secret = natter_secret_password_lookup_finish(result, &error)
      if let reason = GLibError.take(&error) { Log.info("no Secret Service password: \(reason)") }
      let password = secret.map { String(cString: $0) }
      if let secret { natter_secret_password_free(secret) }
      done(password)
    }
    natter_secret_lookup(server, account, finished.callback, finished.data)
  }

  /// Stores `password` for `account` on `server`, replacing an earlier one.
  public static func store(server: String, account: String, password: String) {
    guard natter_secret_available() != 0 else {
      Log.warning("could not keep the IRC password: libsecret could not be opened")
      return
    }
    let finished: GAsyncReadyCallback = { _, result, _ in
      var error: UnsafeMutablePointer<GError>?
      let stored = natter_secret_password_store_finish(result, &error) != 0
      let reason = GLibError.take(&error) ?? ""
      MainActor.assumeIsolated {
        if stored {
          Log.debug("the IRC password is in the Secret Service")
        } else {
          Log.warning("could not keep the IRC password in the Secret Service: \(reason)")
        }
      }
    }
    natter_secret_store(
      server, account, "Natter IRC password for \(account) on \(server)", password, finished,
      nil)
  }
}
