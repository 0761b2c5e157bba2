/// What a server takes in one `draft/multiline` batch (the capability's value,
/// `max-bytes=4096,max-lines=24`), within Natter's own bounds.
public struct IRCMultilineLimits: Equatable, Sendable {
  /// The capability, as requested.
  public static let capability = "draft/multiline"
  /// The tag on a line that continues the one before it, with no line break between.
  public static let concatTag = "draft/multiline-concat"
  /// The batch type.
  public static let batchType = "draft/multiline"

  /// Natter's own bounds on one batch, sent or received: a server that offers more gets
  /// messages in several batches, one that sends more is cut.
  public static let maxBytesBound = 65_536
  public static let maxLinesBound = 100

  /// The combined text's bytes, line breaks included.
  public var maxBytes: Int
  /// The lines (PRIVMSGs) of one batch.
  public var maxLines: Int

  public init(maxBytes: Int, maxLines: Int) {
    self.maxBytes = min(max(1, maxBytes), Self.maxBytesBound)
    self.maxLines = min(max(1, maxLines), Self.maxLinesBound)
  }

  /// The limits of a capability value; nil without a usable `max-bytes`, which the spec
  /// requires. Keys it does not know are ignored, as the spec asks.
  public init?(capabilityValue value: String) {
    var bytes: Int?
    var lines: Int?
    for token in value.split(separator: ",") {
      let pair = token.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2, let number = Int(pair[1]), number > 0 else { continue }
      switch pair[0] {
      case "max-bytes": bytes = number
      case "max-lines": lines = number
      default: continue
      }
    }
    guard let bytes else { return nil }
    self.init(maxBytes: bytes, maxLines: lines ?? Self.maxLinesBound)
  }
}
