import Testing

@testable import NatterCore

@Suite("Settings")
struct SettingsTests {
  @Test func defaultsAreEnterThreeLinesAndFollowSystem() {
    let settings = Settings()
    #expect(settings.sendKey == .enter)
    #expect(settings.maxLines == 3)
    #expect(settings.style == .followSystem)
  }

  @Test func emptyFileGivesDefaultsWithoutProblems() {
    var problems: [String] = []
    #expect(Settings(keyFile: "", problems: &problems) == Settings())
    #expect(problems.isEmpty)
  }

  @Test func serialisedSettingsReadBackEqual() {
    for sendKey in SendKey.allCases {
      for style in Settings.Style.allCases {
        for lines in Settings.maxLinesRange {
          let settings = Settings(sendKey: sendKey, maxLines: lines, style: style)
          var problems: [String] = []
          #expect(Settings(keyFile: settings.keyFileText, problems: &problems) == settings)
          #expect(problems.isEmpty, "\(problems)")
        }
      }
    }
  }

  @Test func textFormattingIsShownUnlessTurnedOff() {
    #expect(Settings().showsFormatting)
    var settings = Settings()
    settings.showsFormatting = false
    #expect(settings.keyFileText.contains("formatting=false\n"))
    var problems: [String] = []
    #expect(Settings(keyFile: settings.keyFileText, problems: &problems) == settings)
    #expect(problems.isEmpty, "\(problems)")
    #expect(
      Settings(keyFile: "[appearance]\nformatting=maybe", problems: &problems).showsFormatting)
    #expect(problems == ["line 2: formatting must be true or false"])
  }

  @Test func theNetworksReadBackInOrderAndNeverHoldAPassword() throws {
    var settings = Settings()
    settings.networks = [
      NetworkAccount(
        url: try IRCServerURL(
          parsing: "ircs://alice@irc.example.net:7000/#natter,#b", defaultNick: "x"),
        saslAccount: "alice"),
      NetworkAccount(
        url: try IRCServerURL(parsing: "irc://alice/net1@127.0.0.1:6700", defaultNick: "x"),
        name: "Bouncer = net1", isEnabled: false),
    ]
    settings.trustedCertificates = [String(repeating: "ab", count: 32)]
    var problems: [String] = []
    #expect(Settings(keyFile: settings.keyFileText, problems: &problems) == settings)
    #expect(problems.isEmpty, "\(problems)")
    #expect(settings.keyFileText.contains("url=ircs://alice@irc.example.net:7000/#natter,#b\n"))
    #expect(settings.keyFileText.contains("[network 2]\nname=Bouncer = net1\n"))
    #expect(settings.keyFileText.contains("url=irc://alice/net1@127.0.0.1:6700/\n"))
    #expect(!settings.keyFileText.lowercased().contains("password="))
    // Without a network the file is what it was before accounts existed.
    #expect(!Settings().keyFileText.contains("[irc]"))
    #expect(!Settings().keyFileText.contains("[network"))
  }

  @Test func theOneAccountOfEarlierVersionsBecomesTheFirstNetwork() throws {
    let old = """
      [irc]
      url=ircs://alice@irc.example.net/#natter
      sasl-account=alice-account
      pinned-certificates=irc.example.net:6697=\(String(repeating: "cd", count: 32))

      """
    var problems: [String] = []
    let settings = Settings(keyFile: old, problems: &problems)
    #expect(problems.isEmpty, "\(problems)")
    #expect(settings.networks.count == 1)
    let network = try #require(settings.networks.first)
    #expect(network.url.host == "irc.example.net" && network.url.channels == ["#natter"])
    #expect(network.saslAccount == "alice-account" && network.isEnabled)
    #expect(network.name == "irc.example.net")
    // Its conversations keep their ids, so its history is its own still.
    #expect(network.id == "ircs://irc.example.net/")
    #expect(settings.pinnedCertificates["irc.example.net:6697"]?.count == 1)
    // Written back, it is a network group, and reads back the same.
    let written = settings.keyFileText
    #expect(
      written.contains(
        "[network 1]\nname=irc.example.net\nurl=ircs://alice@irc.example.net/#natter\nsasl-account=alice-account\n"
      ))
    #expect(Settings(keyFile: written) == settings)
  }

  @Test func aNetworkGroupThatCannotBeUsedIsReportedAndSkipped() {
    let text = """
      [network 1]
      name=No URL
      [network 2]
      url=ftp://x
      [network 3]
      url=irc://bob@127.0.0.1:6667/#ok
      enabled=maybe
      colour=blue
      """
    var problems: [String] = []
    let settings = Settings(keyFile: text, problems: &problems)
    #expect(settings.networks.map(\.url.host) == ["127.0.0.1"])
    #expect(settings.networks.first?.isEnabled == true)
    #expect(problems.count == 4, "\(problems)")
    #expect(problems.contains { $0.contains("without a url") })
    #expect(problems.contains { $0.contains("colour") })
  }

  @Test func theQuitMessageIsEmptyByDefaultAndReadsBackExactly() {
    #expect(Settings().quitMessage == "")
    #expect(!Settings().keyFileText.contains("quit-message"))
    for message in [
      "Gute Nacht", " spaces at both ends ", "back\\slash \\n", "two\nlines\tand\r", "#hash",
      "a=b", "잘 자요",
    ] {
      var settings = Settings()
      settings.quitMessage = message
      var problems: [String] = []
      let text = settings.keyFileText
      #expect(Settings(keyFile: text, problems: &problems).quitMessage == message, "\(text)")
      #expect(problems.isEmpty, "\(problems)")
      // One line in the file, whatever the message holds.
      #expect(text.split(separator: "\n").filter { $0.hasPrefix("quit-message=") }.count == 1)
    }
  }

  @Test func readsAHandEditedQuitMessage() {
    var problems: [String] = []
    let settings = Settings(keyFile: "[irc]\nquit-message = see you later \n", problems: &problems)
    #expect(settings.quitMessage == "see you later")
    #expect(problems.isEmpty)
  }

  @Test func serialisedFormIsPlainKeyFile() {
    let text = Settings(sendKey: .controlEnter, maxLines: 7, style: .dark).keyFileText
    #expect(text.contains("[composer]\n"))
    #expect(text.contains("\nsend-key=ctrl-enter\n"))
    #expect(text.contains("\nmax-lines=7\n"))
    #expect(text.contains("[appearance]\n"))
    #expect(text.contains("\nstyle=dark\n"))
  }

  @Test func readsHandEditedFileWithSpacesCommentsAndCRLF() {
    let text =
      "# mine\r\n\r\n[appearance]\r\n  style =  light \r\n[composer]\r\nmax-lines= 10\r\n"
      + "send-key =ctrl-enter\r\n"
    let settings = Settings(keyFile: text)
    #expect(settings == Settings(sendKey: .controlEnter, maxLines: 10, style: .light))
  }

  @Test func decodesGKeyFileEscapes() {
    #expect(Settings(keyFile: "[appearance]\nstyle=\\x64ark").style == .followSystem)
    #expect(Settings(keyFile: "[appearance]\nstyle=d\\ark").style == .dark)
  }

  @Test func invalidValuesFallBackToDefaultsOneByOne() {
    var problems: [String] = []
    let text = """
      [composer]
      send-key=shift-enter
      max-lines=7
      [appearance]
      style=purple
      """
    let settings = Settings(keyFile: text, problems: &problems)
    #expect(settings == Settings(sendKey: .enter, maxLines: 7, style: .followSystem))
    #expect(problems.count == 2)
    #expect(problems.contains { $0.contains("line 2") && $0.contains("shift-enter") })
    #expect(problems.contains { $0.contains("line 5") && $0.contains("purple") })
  }

  @Test(arguments: ["0", "11", "-3", "three", "", "3.5", "99999999999999999999999"])
  func maxLinesOutsideOneToTenIsIgnored(value: String) {
    var problems: [String] = []
    let settings = Settings(keyFile: "[composer]\nmax-lines=\(value)\n", problems: &problems)
    #expect(settings.maxLines == 3)
    #expect(problems.count == 1)
  }

  @Test func garbageNeverFailsTheLoad() {
    let texts = [
      "\u{0}\u{1}[[[]]]==", "[composer\nsend-key=ctrl-enter", "send-key=ctrl-enter",
      "[composer]\nsend-key", "[]\n=\n", "[composer]\nsend-key[de]=ctrl-enter",
      String(repeating: "[a]\nb=c\n", count: 1000),
    ]
    for text in texts {
      var problems: [String] = []
      #expect(Settings(keyFile: text, problems: &problems) == Settings(), "\(text.prefix(30))")
      #expect(!problems.isEmpty)
    }
  }

  @Test func keysInTheWrongGroupAreIgnored() {
    let settings = Settings(keyFile: "[appearance]\nsend-key=ctrl-enter\n[composer]\nstyle=dark")
    #expect(settings == Settings())
  }

  @Test func laterValueWins() {
    let settings = Settings(keyFile: "[composer]\nmax-lines=4\nmax-lines=6\n")
    #expect(settings.maxLines == 6)
  }

  @Test func settingMaxLinesClampsToTheRange() {
    var settings = Settings()
    settings.maxLines = 0
    #expect(settings.maxLines == 1)
    settings.maxLines = 42
    #expect(settings.maxLines == 10)
    #expect(Settings(maxLines: -5).maxLines == 1)
  }

  @Test func styleDecidesDarkFromThePortalColorScheme() {
    #expect(Settings.Style.dark.prefersDark(systemColorScheme: nil))
    #expect(Settings.Style.dark.prefersDark(systemColorScheme: 2))
    #expect(!Settings.Style.light.prefersDark(systemColorScheme: 1))
    #expect(Settings.Style.followSystem.prefersDark(systemColorScheme: 1))
    #expect(!Settings.Style.followSystem.prefersDark(systemColorScheme: 0))
    #expect(!Settings.Style.followSystem.prefersDark(systemColorScheme: 2))
    #expect(!Settings.Style.followSystem.prefersDark(systemColorScheme: nil))
    #expect(!Settings.Style.followSystem.prefersDark(systemColorScheme: 7))
  }

  @Test func theRealNameAndEachNetworksIgnoreListSurviveTheFile() throws {
    var settings = Settings()
    settings.realName = "Alice Liddell"
    var network = NetworkAccount(
      url: try IRCServerURL(parsing: "ircs://alice@irc.example.net/", defaultNick: "x"))
    network.ignored = ["troll!*@*", "*!*@spam.example"]
    settings.networks = [network]
    var problems: [String] = []
    let read = Settings(keyFile: settings.keyFileText, problems: &problems)
    #expect(problems.isEmpty)
    #expect(read.realName == "Alice Liddell")
    #expect(read.networks.first?.ignored == ["troll!*@*", "*!*@spam.example"])
    #expect(
      NetworkChanges(
        from: settings.networks,
        to: read.networks.map {
          var changed = $0
          changed.ignored = []
          return changed
        }, running: [network.id]
      ).kept == [network.id], "an ignore list changes no connection")
  }

  @Test func typingNotificationsAreOnUnlessTheFileSaysFalse() {
    #expect(Settings().sendsTyping)
    #expect(!Settings().keyFileText.contains("typing="))
    var settings = Settings()
    settings.sendsTyping = false
    #expect(
      settings.keyFileText.contains("[irc]\n") && settings.keyFileText.contains("typing=false\n"))
    #expect(!Settings(keyFile: settings.keyFileText).sendsTyping)
    #expect(Settings(keyFile: "[irc]\ntyping=true").sendsTyping)
    var problems: [String] = []
    #expect(Settings(keyFile: "[irc]\ntyping=sometimes", problems: &problems).sendsTyping)
    #expect(problems == ["line 2: typing must be true or false"])
  }

  @Test func spellingIsOnAndFollowsTheLocaleUnlessTheFileSaysOtherwise() {
    #expect(Settings().checksSpelling)
    #expect(Settings().spellingLanguages.isEmpty)
    #expect(!Settings().keyFileText.contains("[spelling]"))
    var settings = Settings()
    settings.checksSpelling = false
    settings.spellingLanguages = ["de_DE", "en_US"]
    let text = settings.keyFileText
    #expect(text.contains("[spelling]\n") && text.contains("languages=de_DE,en_US\n"))
    let read = Settings(keyFile: text)
    #expect(!read.checksSpelling)
    #expect(read.spellingLanguages == ["de_DE", "en_US"])
    var problems: [String] = []
    #expect(Settings(keyFile: "[spelling]\ncheck=maybe", problems: &problems).checksSpelling)
    #expect(problems == ["line 2: check must be true or false"])
  }
}
