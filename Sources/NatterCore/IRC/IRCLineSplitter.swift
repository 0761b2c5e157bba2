/// Splits one line of an outgoing message into pieces that each fit a PRIVMSG.
///
/// A piece ends at the last space that fits (the space is dropped), else at the last grapheme
/// cluster that fits; only a single cluster longer than the whole limit is cut, and then
/// between Unicode scalars, so a piece never ends inside a UTF-8 sequence. With `keepsSpaces`
/// the space stays at the end of its piece, so that joining the pieces gives the line again
/// (`draft/multiline-concat`, whose spec recommends exactly this).
public enum IRCLineSplitter {
  /// The smallest limit a split takes: a four-byte scalar must fit.
  static let minimumBytes = 4

  /// Pieces of `line` of at most `maxBytes` UTF-8 bytes each (`maxBytes` of at least 4).
  public static func split(_ line: String, maxBytes: Int, keepsSpaces: Bool = false) -> [String] {
    let limit = max(Self.minimumBytes, maxBytes)
    guard line.utf8.count > limit else { return line.isEmpty ? [] : [line] }
    let characters = Array(line)
    var pieces: [String] = []
    var start = 0
    var index = 0
    var bytes = 0
    var lastSpace: Int?
    while index < characters.count {
      let size = characters[index].utf8.count
      if bytes + size <= limit {
        if characters[index] == " " { lastSpace = index }
        bytes += size
        index += 1
        continue
      }
      if let space = lastSpace, space > start {
        pieces.append(String(characters[start..<(keepsSpaces ? space + 1 : space)]))
        start = space + 1
      } else if index > start {
        pieces.append(String(characters[start..<index]))
        start = index
      } else {
        pieces += splitScalars(characters[index], limit: limit)
        start = index + 1
      }
      index = start
      bytes = 0
      lastSpace = nil
    }
    if start < characters.count { pieces.append(String(characters[start...])) }
    return pieces
  }

  /// One oversized grapheme cluster (a long run of combining marks) cut between scalars.
  private static func splitScalars(_ character: Character, limit: Int) -> [String] {
    var pieces: [String] = []
    var piece = String.UnicodeScalarView()
    var bytes = 0
    for scalar in character.unicodeScalars {
      let size = String(scalar).utf8.count
      if bytes + size > limit {
        pieces.append(String(piece))
        piece = String.UnicodeScalarView()
        bytes = 0
      }
      piece.append(scalar)
      bytes += size
    }
    if !piece.isEmpty { pieces.append(String(piece)) }
    return pieces
  }
}
