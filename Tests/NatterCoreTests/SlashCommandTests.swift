import NatterCore
import Testing

@Suite("SlashCommand")
struct SlashCommandTests {
  private func parse(_ text: String) -> SlashCommand.Parsed { SlashCommand.parse(text) }

  @Test func plainTextIsNotACommand() {
    #expect(parse("hello /join") == .text("hello /join"))
    #expect(parse("") == .text(""))
  }

  @Test func aDoubleSlashSendsOneSlash() {
    #expect(parse("//join is a command") == .text("/join is a command"))
    #expect(parse("//") == .text("/"))
    #expect(parse("//me hi") == .text("/me hi"))
  }

  @Test func everyCommandParses() {
    #expect(parse("/join #natter") == .command(.join(channel: "#natter", key: nil)))
    #expect(parse("/join #secret hunter2") == .command(.join(channel: "#secret", key: "hunter2")))
    #expect(parse("/join natter") == .command(.join(channel: "#natter", key: nil)))
    #expect(parse("/JOIN &local") == .command(.join(channel: "&local", key: nil)))
    #expect(parse("/part") == .command(.part(reason: nil)))
    #expect(parse("/part see you  later") == .command(.part(reason: "see you  later")))
    #expect(parse("/msg alice hi  there") == .command(.message(to: "alice", text: "hi  there")))
    #expect(parse("/query bob") == .command(.query(nick: "bob")))
    #expect(parse("/me waves") == .command(.action("waves")))
    #expect(parse("/nick dora_") == .command(.nick("dora_")))
    #expect(parse("/topic") == .command(.topic(nil)))
    #expect(parse("/topic Release day") == .command(.topic("Release day")))
    #expect(parse("/quote PRIVMSG #x :raw") == .command(.quote("PRIVMSG #x :raw")))
    #expect(parse("/help") == .command(.help))
  }

  @Test func wrongArgumentsGiveTheUsageAndSendNothing() {
    #expect(parse("/join") == .notice("Usage: /join #channel [key]"))
    #expect(parse("/join #a #b #c") == .notice("Usage: /join #channel [key]"))
    #expect(parse("/join #a,#b") == .notice("Usage: /join #channel [key]"))
    #expect(parse("/msg alice") == .notice("Usage: /msg nick text"))
    #expect(parse("/query") == .notice("Usage: /query nick"))
    #expect(parse("/me") == .notice("Usage: /me text"))
    #expect(parse("/nick two words") == .notice("Usage: /nick name"))
    #expect(parse("/quote") == .notice("Usage: /quote RAW"))
  }

  @Test func anUnknownCommandSaysSo() {
    #expect(
      parse("/frobnicate now")
        == .notice("/frobnicate is not a command. Type /help for the list, or // to send a slash."))
    #expect(
      parse("/ hello")
        == .notice("/ is not a command. Type /help for the list, or // to send a slash."))
  }

  @Test func helpListsEveryCommandAndNeedsNoNetwork() {
    for entry in SlashCommand.usage {
      #expect(SlashCommand.helpText.contains(entry.usage))
    }
    #expect(!SlashCommand.help.needsNetwork)
    #expect(SlashCommand.join(channel: "#a", key: nil).needsNetwork)
  }

  @Test func listIgnoreUnignoreAndQuitParse() {
    #expect(parse("/list") == .command(.list(filter: nil)))
    #expect(parse("/list gnome dev") == .command(.list(filter: "gnome dev")))
    #expect(parse("/ignore") == .command(.ignore(nil)))
    #expect(parse("/ignore troll") == .command(.ignore("troll")))
    #expect(parse("/ignore a b") == .notice("Usage: /ignore [nick|mask]"))
    #expect(parse("/unignore troll") == .command(.unignore("troll")))
    #expect(parse("/unignore") == .notice("Usage: /unignore nick|mask"))
    #expect(parse("/quit") == .command(.quit(nil)))
    #expect(parse("/quit see you") == .command(.quit("see you")))
    #expect(parse("/quit a\nQUIT") == .notice("/quit takes one line, so nothing was sent."))
    #expect(
      CommandPlan.plan(.quit("bye"), in: .channel, target: "#natter")
        == [.disconnect(reason: "bye")])
    #expect(
      CommandPlan.plan(.list(filter: nil), in: .network, target: "")
        == [.browseChannels(filter: nil)])
    #expect(CommandPlan.plan(.ignore(nil), in: .privateChat, target: "bob") == [.ignore(.list)])
    #expect(CommandPlan.plan(.ignore("x"), in: .notes, target: nil).count == 1)
  }

  @Test func everyCommandNameIsCompletable() {
    for entry in SlashCommand.usage {
      #expect(SlashCommand.names.contains(entry.name))
    }
    for alias in ["raw", "deop", "devoice"] {
      guard case .command = parse("/\(alias) x") else {
        Issue.record("/\(alias) is a command")
        continue
      }
    }
  }
}
