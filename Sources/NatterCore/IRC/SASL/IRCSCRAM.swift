import Foundation

/// The client side of SCRAM-SHA-256 (RFC 5802, RFC 7677) without channel binding: the first
/// message, the proof for the server's challenge, and the check of the server's signature.
/// The nonce comes from outside, so a test can replay RFC 7677's example exchange.
struct IRCSCRAM: Equatable, Sendable {
  enum Failure: Error, Equatable {
    /// The challenge was not `r=…,s=…,i=…`, or its nonce does not extend ours.
    case malformedChallenge
    /// The server's signature is not the one the password gives: it does not know the
    /// password (or something in between changed the exchange).
    case wrongServerSignature
    /// The server said `e=…`.
    case serverError(String)
  }

  /// A server that asks for more rounds than this is refused rather than keep Natter busy:
  /// the rounds run on the main thread (servers use 4,096; RFC 7677 asks at least that).
  static let maxIterations = 100_000

  let user: String
  let password: String
  let clientNonce: String
  private var firstBare: String { "n=" + Self.saslName(user) + ",r=" + clientNonce }
  private var expectedServerSignature: [UInt8]?

  init(user: String, password: String, clientNonce: String) {
    self.user = user
    self.password = password
    self.clientNonce = clientNonce
  }

  /// `n,,n=user,r=nonce`: no channel binding, no authorization identity.
  var clientFirst: String { "n,," + firstBare }

  /// The answer to the server's first message (`r=…,s=…,i=…`): `c=biws,r=…,p=proof`.
  mutating func clientFinal(for serverFirst: String) throws(Failure) -> String {
    let fields = Self.fields(serverFirst)
    guard let nonce = fields["r"], nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count,
      let saltText = fields["s"], let salt = Data(base64Encoded: saltText), !salt.isEmpty,
      let iterations = fields["i"].flatMap({ Int($0) }),
      (1...Self.maxIterations).contains(iterations)
    else { throw .malformedChallenge }
    // SASLprep is left out: it changes only passwords with unusual Unicode spaces and marks.
    let salted = SHA256.hi(
      password: Array(password.utf8), salt: Array(salt), iterations: iterations)
    let clientKey = SHA256.hmac(key: salted, Array("Client Key".utf8))
    let storedKey = SHA256.hash(clientKey)
    let withoutProof = "c=biws,r=" + nonce
    let authMessage = Array((firstBare + "," + serverFirst + "," + withoutProof).utf8)
    let signature = SHA256.hmac(key: storedKey, authMessage)
    let proof = zip(clientKey, signature).map { $0 ^ $1 }
    let serverKey = SHA256.hmac(key: salted, Array("Server Key".utf8))
    expectedServerSignature = SHA256.hmac(key: serverKey, authMessage)
    return withoutProof + ",p=" + Data(proof).base64EncodedString()
  }

  /// Checks the server's last message (`v=signature`).
  func verify(serverFinal: String) throws(Failure) {
    let fields = Self.fields(serverFinal)
    if let error = fields["e"] { throw .serverError(error) }
    guard let expected = expectedServerSignature, let text = fields["v"],
      let signature = Data(base64Encoded: text), Array(signature) == expected
    else { throw .wrongServerSignature }
  }

  /// `=` and `,` in a name are written `=3D` and `=2C` (RFC 5802 §5.1).
  static func saslName(_ name: String) -> String {
    name.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
  }

  /// `a=1,b=2` as a table; a value may itself hold `=` (base64 padding).
  private static func fields(_ message: String) -> [String: String] {
    var result: [String: String] = [:]
    for part in message.split(separator: ",") {
      guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { continue }
      let key = String(part[..<equals])
      if result[key] == nil { result[key] = String(part[part.index(after: equals)...]) }
    }
    return result
  }
}
