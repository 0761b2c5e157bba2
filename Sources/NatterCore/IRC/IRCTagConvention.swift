/// How a message's tags travel over IRC (SPEC §9): as the client tag `+natter.org/tags=a,b` on
/// every PRIVMSG of the message, and as ` #a #b` at the end of its last line so that other
/// clients show them; and the exact inverse on receipt.
public enum IRCTagConvention {
  /// The IRCv3 client-only tag that carries the tags.
  public static let clientTag = "+natter.org/tags"

  /// The client tag's value for `tags` (spellings without `#`).
  public static func tagValue(_ tags: [String]) -> String { tags.joined(separator: ",") }

  /// The text appended to the last line: a space and `#tag` for each tag.
  public static func suffix(_ tags: [String]) -> String {
    tags.map { " #" + $0 }.joined()
  }

  /// The body and tags of a received message.
  ///
  /// With the client tag, its tags are the message's tags and exactly the suffix they make is
  /// removed from the end of the body (only when it is there). Without it the body is kept and
  /// the hashtags in it become the tags, by NatterCore's one hashtag rule.
  public static func received(body: String, tagValue: String?) -> (body: String, tags: [String]) {
    guard let tagValue else { return (body, uniqueTags(HashtagScanner.hashtags(in: body))) }
    let listed = tagValue.split(separator: ",").map(String.init)
    let suffix = suffix(listed)
    var text = body
    if !listed.isEmpty, text.utf8.count > suffix.utf8.count, text.hasSuffix(suffix) {
      text = String(text.utf8.dropLast(suffix.utf8.count)) ?? text
    }
    return (text, uniqueTags(listed.compactMap { HashtagScanner.validTag($0) }))
  }

  /// `body` without the ` #tag` words at its end: what a Natter message was before its tags
  /// rode on the text, for recognising it when a server without client tags (ZNC 1.8) plays
  /// it back. The body itself when it ends with none.
  public static func withoutTrailingTags(_ body: String) -> String {
    var text = Substring(body)
    while let space = text.lastIndex(of: " "),
      text[text.index(after: space)...].first == "#",
      HashtagScanner.validTag(String(text[text.index(space, offsetBy: 2)...])) != nil
    {
      text = text[..<space]
    }
    return text.isEmpty ? body : String(text)
  }

  /// Tags without repeats by the tag identity (`Hashtag`), first spelling kept.
  private static func uniqueTags(_ spellings: [String]) -> [String] {
    var seen = Set<Hashtag>()
    return spellings.filter { seen.insert(Hashtag($0)).inserted }
  }
}
