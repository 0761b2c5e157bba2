import Foundation

/// A locale's way of writing a time of day (`HH:mm`, `h:mm a`, `a h:mm`), rendered with integer
/// arithmetic: rows are labelled by the hundred, and ICU is asked once, for the pattern.
public struct ClockPattern: Equatable, Sendable {
  private enum Part: Equatable, Sendable {
    case hour24(padded: Bool)
    case hour12(padded: Bool)
    case minute
    case dayPeriod
    case literal(String)
  }

  private let parts: [Part]
  /// What it was made from, so the app can keep it.
  private let pattern: String
  private let am: String
  private let pm: String

  /// The 24-hour `HH:mm`.
  public static let twentyFourHour = ClockPattern(pattern: "HH:mm", am: "AM", pm: "PM")

  /// The pattern ICU gives `locale` for hours and minutes, with its day-period names.
  public init(locale: Locale) {
    let formatter = DateFormatter()
    formatter.locale = locale
    self.init(
      pattern: DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: locale)
        ?? "HH:mm",
      am: formatter.amSymbol, pm: formatter.pmSymbol)
  }

  /// A pattern in Unicode date-field syntax: `H`/`HH` (0–23), `h`/`hh` (1–12), `K`, `k`,
  /// `mm`, `a` (day period) and quoted literals; any other letter is dropped.
  public init(pattern: String, am: String, pm: String) {
    var parts: [Part] = []
    var characters = Array(pattern)[...]
    while let first = characters.first {
      let run = characters.prefix { $0 == first }
      characters = characters.dropFirst(run.count)
      switch first {
      case "H", "k": parts.append(.hour24(padded: run.count > 1))
      case "h", "K": parts.append(.hour12(padded: run.count > 1))
      case "m": parts.append(.minute)
      case "a", "b", "B": parts.append(.dayPeriod)
      case "'":
        // Quoted text up to the next quote; '' is a quote.
        let literal = characters.prefix { $0 != "'" }
        characters = characters.dropFirst(literal.count + 1)
        parts.append(.literal(literal.isEmpty ? "'" : String(literal)))
      case let letter where letter.isLetter:
        continue
      default:
        parts.append(.literal(String(run)))
      }
    }
    self.parts = parts
    self.pattern = pattern
    self.am = am
    self.pm = pm
  }

  /// One line naming the locale and the pattern, for the app to keep between starts: ICU
  /// takes milliseconds to give the pattern, before the first frame of a history (issue 19).
  public func cacheLine(for locale: String) -> String {
    [locale, pattern, am, pm].joined(separator: "\t")
  }

  /// The pattern `cacheLine(for:)` wrote for `locale`; nil for another locale or a bad line.
  public init?(cacheLine line: String, for locale: String) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 4, fields[0] == locale, !fields[1].isEmpty else { return nil }
    self.init(pattern: fields[1], am: fields[2], pm: fields[3])
  }

  /// `minutes` after midnight as the locale writes it.
  public func format(minutesAfterMidnight minutes: Int) -> String {
    let hour = minutes / 60 % 24
    let minute = minutes % 60
    var text = ""
    for part in parts {
      switch part {
      case .hour24(let padded): text += Self.digits(hour, padded: padded)
      case .hour12(let padded): text += Self.digits(hour % 12 == 0 ? 12 : hour % 12, padded: padded)
      case .minute: text += Self.digits(minute, padded: true)
      case .dayPeriod: text += hour < 12 ? am : pm
      case .literal(let literal): text += literal
      }
    }
    return text
  }

  private static func digits(_ value: Int, padded: Bool) -> String {
    padded && value < 10 ? "0" + String(value) : String(value)
  }
}
