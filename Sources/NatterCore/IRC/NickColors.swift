import Foundation

/// Each nickname's colour (SPEC §12): chosen by a stable hash of the nickname as servers fold
/// it (`Bob` and `bob` are one person, one colour), the same in every place it is shown and
/// from one run to the next, from a palette made readable against every background of the
/// light and of the dark style. The user's own nickname is never given one of these: it is
/// shown in the accent colour, in bold, so it stands apart from all of them.
public enum NickColors {
  /// An sRGB colour, each channel 0…255.
  public struct RGB: Equatable, Sendable {
    public var red: Int
    public var green: Int
    public var blue: Int

    public init(_ red: Int, _ green: Int, _ blue: Int) {
      (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#rrggbb`. Not with Foundation's `String(format:)`: for the palette's 48 channels that
    /// was 1.6 million instructions of every start (callgrind, issue 32).
    public var hex: String {
      "#"
        + [red, green, blue].map { channel in
          let digits = String(channel, radix: 16)
          return digits.count < 2 ? "0" + digits : digits
        }.joined()
    }

    /// WCAG 2's relative luminance.
    public var luminance: Double {
      func linear(_ channel: Int) -> Double {
        let value = Double(channel) / 255
        return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1…21.
    public func contrast(with other: RGB) -> Double {
      let (light, dark) = (max(luminance, other.luminance), min(luminance, other.luminance))
      return (light + 0.05) / (dark + 0.05)
    }
  }

  /// How many colours there are.
  public static let count = 16
  /// The least contrast of a nickname against its background: WCAG AA for text.
  public static let minimumContrast = 4.5

  /// Where nicknames are drawn in each style: Adwaita's view and window backgrounds, with the
  /// sidebar's and a row's hover shade.
  public static let lightBackgrounds = [RGB(255, 255, 255), RGB(246, 245, 244), RGB(235, 235, 235)]
  public static let darkBackgrounds = [RGB(36, 36, 36), RGB(45, 45, 45), RGB(53, 53, 53)]

  /// The colour's place in the palette for `nick`: FNV-1a over the folded nickname's bytes.
  public static func index(of nick: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in IRCCasemapping.rfc1459.fold(nick).utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return Int(hash % UInt32(count))
  }

  /// The class the user's own nickname has instead of a colour.
  public static let ownClass = "own-nick"

  /// The CSS class that gives `nick` its colour (`nick-color-3`), or `ownClass` when it is
  /// `me`, the user's nickname there (compared as servers fold names).
  public static func cssClass(of nick: String, me: String? = nil) -> String {
    if let me, IRCCasemapping.rfc1459.equal(nick, me) { return ownClass }
    return "nick-color-\(index(of: nick))"
  }

  /// The palette of a style, each colour at least `minimumContrast` against every background
  /// of that style: hues evenly round the wheel, darkened for the light style and lightened
  /// for the dark until they are.
  public static func palette(dark: Bool) -> [RGB] {
    dark ? darkPalette : lightPalette
  }

  private static let lightPalette = makePalette(dark: false)
  private static let darkPalette = makePalette(dark: true)

  /// The stylesheet of the palette for one style, a rule per class.
  public static func css(dark: Bool) -> String {
    palette(dark: dark).enumerated().map { index, color in
      ".nick-color-\(index) { color: \(color.hex); }"
    }.joined(separator: "\n") + "\n"
  }

  private static func makePalette(dark: Bool) -> [RGB] {
    let backgrounds = dark ? darkBackgrounds : lightBackgrounds
    return (0..<count).map { n in
      // Hues 22.5° apart, shifted so that no colour sits on the accent blue (about 213°).
      let hue = (Double(n) * 360 / Double(count) + 11).truncatingRemainder(dividingBy: 360)
      var lightness = dark ? 0.62 : 0.42
      var color = hsl(hue, 0.72, lightness)
      while backgrounds.contains(where: { color.contrast(with: $0) < minimumContrast }),
        lightness > 0.05, lightness < 0.95
      {
        lightness += dark ? 0.01 : -0.01
        color = hsl(hue, 0.72, lightness)
      }
      return color
    }
  }

  static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGB {
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let section = hue / 60
    let second = chroma * (1 - abs(section.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double)
    switch section {
    case ..<1: (r, g, b) = (chroma, second, 0)
    case ..<2: (r, g, b) = (second, chroma, 0)
    case ..<3: (r, g, b) = (0, chroma, second)
    case ..<4: (r, g, b) = (0, second, chroma)
    case ..<5: (r, g, b) = (second, 0, chroma)
    default: (r, g, b) = (chroma, 0, second)
    }
    let m = lightness - chroma / 2
    func channel(_ value: Double) -> Int { Int(((value + m) * 255).rounded()) }
    return RGB(channel(r), channel(g), channel(b))
  }
}
