/// An http or https link found in a message body.
public struct BodyLink: Equatable, Sendable {
  /// The link as written, which is also its target.
  public let url: String
  /// Where it is in the body, in Unicode scalar offsets.
  public let range: Range<Int>
}
