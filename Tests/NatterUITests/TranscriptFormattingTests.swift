import CGtk
import Foundation
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// mIRC formatting on a transcript row (SPEC §12): Pango attributes over the plain body,
/// never markup from the sender, in the current style's colours, or none when turned off.
@Suite("Transcript formatting")
@MainActor
struct TranscriptFormattingTests {
  /// What one attribute of the label says: its type, byte range and value.
  private struct Shown: Equatable {
    var type: PangoAttrType
    var range: Range<Int>
    var value: String
  }

  init() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
  }

  private func formatted(_ text: String) -> Message {
    var message = Message(sender: "bob", sentAt: Date(), body: IRCText.stripFormatting(text))
    message.formatted = text
    return message
  }

  private func bound(_ message: Message) -> TranscriptRow {
    let row = TranscriptRow()
    row.bind(
      message, previous: nil, at: 0, formatter: TranscriptView.sharedFormatter, now: Date())
    return row
  }

  private func attributes(of row: TranscriptRow) -> [Shown] {
    guard let list = gtk_label_get_attributes(row.bodyLabel) else { return [] }
    var shown: [Shown] = []
    var node = pango_attr_list_get_attributes(list)
    let head = node
    defer {
      g_slist_free_full(head) {
        pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self))
      }
    }
    while let item = node {
      defer { node = item.pointee.next }
      guard let raw = item.pointee.data else { continue }
      let attribute = raw.assumingMemoryBound(to: PangoAttribute.self)
      let type = attribute.pointee.klass.pointee.type
      let range = Int(attribute.pointee.start_index)..<Int(attribute.pointee.end_index)
      let value: String
      switch type {
      case PANGO_ATTR_FOREGROUND, PANGO_ATTR_BACKGROUND:
        let color = raw.assumingMemoryBound(to: PangoAttrColor.self).pointee.color
        value =
          NickColors.RGB(
            Int(color.red) / 257, Int(color.green) / 257, Int(color.blue) / 257
          ).hex
      case PANGO_ATTR_WEIGHT, PANGO_ATTR_STYLE, PANGO_ATTR_UNDERLINE, PANGO_ATTR_STRIKETHROUGH:
        value = String(raw.assumingMemoryBound(to: PangoAttrInt.self).pointee.value)
      case PANGO_ATTR_FAMILY:
        value = string(raw.assumingMemoryBound(to: PangoAttrString.self).pointee.value) ?? ""
      default:
        value = ""
      }
      shown.append(Shown(type: type, range: range, value: value))
    }
    return shown
  }

  @Test func boldItalicAndColoursBecomeAttributesOverThePlainText() {
    BodyFormatting.isDark = false
    let row = bound(formatted("a \u{2}bold\u{2} \u{1D}it\u{1D} \u{3}04red\u{3} \u{11}mono"))
    #expect(string(gtk_label_get_text(row.bodyLabel)) == "a bold it red mono")
    #expect(gtk_label_get_use_markup(row.bodyLabel) == 0)
    let red = FormattedBody.readable(IRCFormatting.palette[4], on: NickColors.lightBackgrounds)
    let shown = attributes(of: row)
    #expect(shown.contains(Shown(type: PANGO_ATTR_WEIGHT, range: 2..<6, value: "700")))
    #expect(
      shown.contains(
        Shown(type: PANGO_ATTR_STYLE, range: 7..<9, value: String(PANGO_STYLE_ITALIC.rawValue))))
    #expect(shown.contains(Shown(type: PANGO_ATTR_FOREGROUND, range: 10..<13, value: red.hex)))
    #expect(shown.contains(Shown(type: PANGO_ATTR_FAMILY, range: 14..<18, value: "monospace")))
    #expect(shown.count == 4)
  }

  @Test func theDarkStyleGetsItsOwnReadableColour() {
    defer { BodyFormatting.isDark = false }
    BodyFormatting.isDark = true
    // Navy is unreadable on the dark background: it is lightened.
    let row = bound(formatted("\u{3}2navy"))
    let navy = FormattedBody.readable(IRCFormatting.palette[2], on: NickColors.darkBackgrounds)
    #expect(navy != IRCFormatting.palette[2])
    #expect(
      attributes(of: row) == [Shown(type: PANGO_ATTR_FOREGROUND, range: 0..<4, value: navy.hex)])
  }

  @Test func aLinkStaysALinkInsideFormatting() {
    let row = bound(formatted("\u{2}see https://example.org/x\u{2} <b>no</b>"))
    #expect(gtk_label_get_use_markup(row.bodyLabel) != 0)
    #expect(string(gtk_label_get_text(row.bodyLabel)) == "see https://example.org/x <b>no</b>")
    #expect(attributes(of: row) == [Shown(type: PANGO_ATTR_WEIGHT, range: 0..<25, value: "700")])
  }

  @Test func turnedOffOrPlainTheLabelHasNoAttributes() {
    let row = bound(formatted("\u{2}bold\u{2}"))
    #expect(!attributes(of: row).isEmpty)
    // The same row bound to a plain message loses them.
    row.bind(
      Message(sender: "bob", sentAt: Date(), body: "plain"), previous: nil, at: 0,
      formatter: TranscriptView.sharedFormatter, now: Date())
    #expect(attributes(of: row).isEmpty)
    defer { BodyFormatting.isShown = true }
    BodyFormatting.isShown = false
    let stripped = bound(formatted("\u{2}bold\u{2}"))
    #expect(string(gtk_label_get_text(stripped.bodyLabel)) == "bold")
    #expect(attributes(of: stripped).isEmpty)
  }
}
