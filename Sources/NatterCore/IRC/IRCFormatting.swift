/// mIRC formatting (https://modern.ircdocs.horse/formatting): a received text read into the
/// plain text Natter stores, searches and notifies with, and the runs of it that were bold,
/// coloured and so on. The plain text is exactly `IRCText.stripFormatting`'s, which is this.
///
/// Work is linear in the text: every control code is looked at once and changes the state; a
/// run is closed only when text follows a change, so no input makes more runs than it has
/// codes.
public struct IRCFormatting: Equatable, Sendable {
  /// The text attributes that are on or off.
  public struct Traits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Traits(rawValue: 1)
    public static let italic = Traits(rawValue: 2)
    public static let underline = Traits(rawValue: 4)
    public static let strikethrough = Traits(rawValue: 8)
    public static let monospace = Traits(rawValue: 16)
    /// Foreground and background swapped.
    public static let reverse = Traits(rawValue: 32)
  }

  /// A stretch of the plain text with one formatting.
  public struct Run: Equatable, Sendable {
    /// UTF-8 offsets in `text`.
    public var range: Range<Int>
    public var traits: Traits
    /// The colours as sent; nil is the reader's default.
    public var foreground: NickColors.RGB?
    public var background: NickColors.RGB?

    public init(
      _ range: Range<Int>, _ traits: Traits = [], foreground: NickColors.RGB? = nil,
      background: NickColors.RGB? = nil
    ) {
      self.range = range
      self.traits = traits
      self.foreground = foreground
      self.background = background
    }

    fileprivate func sameLook(as other: Run) -> Bool {
      traits == other.traits && foreground == other.foreground && background == other.background
    }
  }

  /// The text without its codes: what is stored as the body.
  public let text: String
  /// The formatted stretches, in order, never overlapping; unformatted text has none.
  public let runs: [Run]

  /// Reads `formatted`.
  public init(parsing formatted: String) {
    let scalars = Array(formatted.unicodeScalars)
    guard scalars.contains(where: Self.isControl) else {
      (text, runs) = (formatted, [])
      return
    }
    let scan = Self.scan(scalars)
    (text, runs) = (scan.text, scan.runs)
  }

  /// Reads `scalars` up to the end, or until the plain text is `stop` UTF-8 bytes long;
  /// `end` is where in `scalars` the reading stopped.
  private static func scan(_ scalars: [Unicode.Scalar], stop: Int = .max)
    -> (text: String, runs: [Run], end: Int)
  {
    var out = String.UnicodeScalarView()
    var length = 0  // UTF-8 length of `out`
    var runs: [Run] = []
    var state = Run(0..<0)
    func write(_ scalar: Unicode.Scalar) {
      let width = UTF8.width(scalar)
      if state.traits != [] || state.foreground != nil || state.background != nil {
        if let last = runs.last, last.range.upperBound == length, last.sameLook(as: state) {
          runs[runs.count - 1].range = last.range.lowerBound..<length + width
        } else {
          var run = state
          run.range = length..<length + width
          runs.append(run)
        }
      }
      out.append(scalar)
      length += width
    }
    var index = 0
    while index < scalars.count, length < stop {
      let scalar = scalars[index]
      index += 1
      guard isControl(scalar) else {
        write(scalar)
        continue
      }
      switch scalar.value {
      case 0x02: state.traits.formSymmetricDifference(.bold)
      case 0x1D: state.traits.formSymmetricDifference(.italic)
      case 0x1F: state.traits.formSymmetricDifference(.underline)
      case 0x1E: state.traits.formSymmetricDifference(.strikethrough)
      case 0x11: state.traits.formSymmetricDifference(.monospace)
      case 0x16: state.traits.formSymmetricDifference(.reverse)
      case 0x0F: state = Run(0..<0)
      case 0x03:
        let digits = run(of: isDigit, in: scalars, from: index, max: 2)
        guard digits > 0 else {
          (state.foreground, state.background) = (nil, nil)
          break
        }
        state.foreground = paletteColor(number(scalars[index..<index + digits]))
        index += digits
        if index + 1 < scalars.count, scalars[index] == ",", isDigit(scalars[index + 1]) {
          let second = run(of: isDigit, in: scalars, from: index + 1, max: 2)
          state.background = paletteColor(number(scalars[index + 1..<index + 1 + second]))
          index += 1 + second
        }
      case 0x04:
        guard let color = hexColor(scalars, at: index) else {
          (state.foreground, state.background) = (nil, nil)
          break
        }
        state.foreground = color
        index += 6
        if index < scalars.count, scalars[index] == ",",
          let background = hexColor(scalars, at: index + 1)
        {
          state.background = background
          index += 7
        }
      case 0x09:
        write(" ")
      case 0x0A:
        // Only a `draft/multiline` batch joins lines with it: the line break stays.
        write("\n")
      default:
        break  // any other control character is not shown
      }
    }
    return (String(out), runs, index)
  }

  /// What to keep of a received `formatted` text whose plain text became `shown` (the tag
  /// suffix of SPEC §9 may have been cut off its end): the formatted text, cut to match, or
  /// nil when it has no formatting to show or does not match.
  public static func original(_ formatted: String, shown: String) -> String? {
    guard formatted != shown else { return nil }
    let parsed = IRCFormatting(parsing: formatted)
    guard !parsed.runs.isEmpty else { return nil }
    if parsed.text == shown { return formatted }
    guard parsed.text.utf8.starts(with: shown.utf8) else { return nil }
    let cut = prefix(of: formatted, plainLength: shown.utf8.count)
    return IRCFormatting(parsing: cut).text == shown ? cut : nil
  }

  /// The shortest start of `formatted` whose plain text is `plainLength` UTF-8 bytes long.
  private static func prefix(of formatted: String, plainLength: Int) -> String {
    let scalars = Array(formatted.unicodeScalars)
    let end = scan(scalars, stop: plainLength).end
    return String(String.UnicodeScalarView(scalars[..<end]))
  }

  // MARK: Colours

  /// The 99 colours of mIRC: 0–15 the classic ones, 16–98 the extended ones, as ircdocs
  /// lists them. 99 is the default colour, not one of these.
  public static let palette: [NickColors.RGB] =
    [
      0xFFFFFF, 0x000000, 0x00007F, 0x009300, 0xFF0000, 0x7F0000, 0x9C009C, 0xFC7F00,
      0xFFFF00, 0x00FC00, 0x009393, 0x00FFFF, 0x0000FC, 0xFF00FF, 0x7F7F7F, 0xD2D2D2,
      0x470000, 0x472100, 0x474700, 0x324700, 0x004700, 0x00472C, 0x004747, 0x002747,
      0x000047, 0x2E0047, 0x470047, 0x47002A, 0x740000, 0x743A00, 0x747400, 0x517400,
      0x007400, 0x007449, 0x007474, 0x004074, 0x000074, 0x4B0074, 0x740074, 0x740045,
      0xB50000, 0xB56300, 0xB5B500, 0x7DB500, 0x00B500, 0x00B571, 0x00B5B5, 0x0063B5,
      0x0000B5, 0x7500B5, 0xB500B5, 0xB5006B, 0xFF0000, 0xFF8C00, 0xFFFF00, 0xB2FF00,
      0x00FF00, 0x00FFA0, 0x00FFFF, 0x008CFF, 0x0000FF, 0xA500FF, 0xFF00FF, 0xFF0098,
      0xFF5959, 0xFFB459, 0xFFFF71, 0xCFFF60, 0x6FFF6F, 0x65FFC9, 0x6DFFFF, 0x59B4FF,
      0x5959FF, 0xC459FF, 0xFF66FF, 0xFF59BC, 0xFF9C9C, 0xFFD39C, 0xFFFF9C, 0xE2FF9C,
      0x9CFF9C, 0x9CFFDB, 0x9CFFFF, 0x9CD3FF, 0x9C9CFF, 0xDC9CFF, 0xFF9CFF, 0xFF94D3,
      0x000000, 0x131313, 0x282828, 0x363636, 0x4D4D4D, 0x656565, 0x818181, 0x9F9F9F,
      0xBCBCBC, 0xE2E2E2, 0xFFFFFF,
    ].map { NickColors.RGB(($0 >> 16) & 0xFF, ($0 >> 8) & 0xFF, $0 & 0xFF) }

  private static func paletteColor(_ number: Int) -> NickColors.RGB? {
    number < palette.count ? palette[number] : nil
  }

  private static func hexColor(_ scalars: [Unicode.Scalar], at start: Int) -> NickColors.RGB? {
    guard run(of: isHex, in: scalars, from: start, max: 6) == 6 else { return nil }
    let value = Int(String(String.UnicodeScalarView(scalars[start..<start + 6])), radix: 16) ?? 0
    return NickColors.RGB((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
  }

  private static func number(_ digits: ArraySlice<Unicode.Scalar>) -> Int {
    digits.reduce(0) { $0 * 10 + Int($1.value - 0x30) }
  }

  // MARK: Scanning

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || (scalar.value | 0x20 >= 0x61 && scalar.value | 0x20 <= 0x66)
  }

  private static func run(
    of test: (Unicode.Scalar) -> Bool, in scalars: [Unicode.Scalar], from start: Int, max: Int
  ) -> Int {
    var count = 0
    while count < max, start + count < scalars.count, test(scalars[start + count]) { count += 1 }
    return count
  }
}
