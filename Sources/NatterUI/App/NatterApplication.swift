import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession

/// The GtkApplication: one instance per session bus, one main window, the `app.*` actions.
@MainActor
final class NatterApplication: Object {
  private let dataDirectory: URL
  /// Every network's STS policies, read once.
  private lazy var stsPolicies = STSPolicyFile(dataDirectory: dataDirectory)
  private var window: MainWindow?
  private var actions: [Action] = []
  private var lock: InstanceLock?
  private var exitStatus: Int32 = 0
  private let settingsFile = SettingsFile()
  private var settings = Settings()
  private var styleManager: StyleManager?
  /// The default icon is set once, after the first window's first frame.
  private var defaultIconSet = false
  private var preferences: PreferencesWindow?
  /// The spelling dictionaries Enchant found; nil until it has looked.
  private var installedDictionaries: [String]?
  private var connectDialog: ConnectDialog?
  /// The open history, shared by every window this process shows.
  private var session: ChatSession?
  /// Launched by `--connect`: a password in the environment is saved in the Secret Service
  /// with the account. Otherwise the environment's password is used and not kept.
  var savesPassword = false
  /// Passwords typed in Preferences, by network, for the connections its `Connect` starts.
  private var typedPasswords: [String: String] = [:]
  /// Set once the app is on its way out, so a second Ctrl+Q or SIGTERM does nothing.
  private var ending = false

  init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
    // Before GTK starts: GLib reads the data path once.
    ResourceLocator.exposeCheckoutIcons()
    // HANDLES_COMMAND_LINE: a second launch sends its command line (the data folder) to the
    // first instance, which answers with the exit status and a sentence on its stderr.
    guard let application = gtk_application_new(AppInfo.id, G_APPLICATION_HANDLES_COMMAND_LINE)
    else {
      fatalError("gtk_application_new returned NULL")
    }
    super.init(adopting: raw(application))
    Signal.connect(pointer, "startup") { [unowned self] in startup() }
    // A second launch reaches the first instance's "command-line" over D-Bus; "activate"
    // comes from desktop activation (org.freedesktop.Application).
    Signal.connectCommandLine(pointer) { [unowned self] line in commandLine(line) }
    Signal.connect(pointer, "activate") { [unowned self] in activate() }
    Signal.connect(pointer, "shutdown") { [unowned self] in shutdown() }
  }

  var application: UnsafeMutablePointer<GtkApplication> { typed() }

  /// Runs the main loop until the last window closes; returns the exit status.
  func run(programName: String) -> Int32 {
    // Our options are parsed before GTK starts; GApplication sees the program name and the
    // data folder, which it forwards to the first instance when this launch is the second.
    let folder = Self.dataDirectoryPrefix + Self.canonical(dataDirectory)
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(programName), strdup(folder), nil]
    defer { argv.forEach { free($0) } }
    let status = g_application_run(typed(), 2, &argv)
    return status != 0 ? status : exitStatus
  }

  private static let dataDirectoryPrefix = "--data-dir="

  /// The folder with symlinks and `..` resolved, so two spellings of one folder compare equal.
  static func canonical(_ folder: URL) -> String {
    folder.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// A launch's command line, this one's or a second launch's: presents the window when it
  /// asks for this instance's data folder, and refuses (exit status 1) another folder, which
  /// this process cannot open as well (SPEC §6, issue 13).
  private func commandLine(_ line: UnsafeMutableRawPointer?) -> Int32 {
    guard let line, lock != nil else { return 1 }
    let commandLine = line.assumingMemoryBound(to: GApplicationCommandLine.self)
    var argc: Int32 = 0
    let argv = g_application_command_line_get_arguments(commandLine, &argc)
    defer { g_strfreev(argv) }
    var requested: String?
    for index in 0..<Int(argc) {
      guard let argument = argv?[index].map({ String(cString: $0) }),
        argument.hasPrefix(Self.dataDirectoryPrefix)
      else { continue }
      requested = String(argument.dropFirst(Self.dataDirectoryPrefix.count))
    }
    let mine = Self.canonical(dataDirectory)
    if let requested, requested != mine {
      natter_command_line_printerr(
        commandLine,
        "natter: "
          + localized(
            "Natter is already running with the data folder {running}, so it cannot open "
              + "{requested} as well; close it first.", ["running": mine, "requested": requested])
          + "\n")
      return 1
    }
    activate()
    return 0
  }

  private func startup() {
    BenchProbe.mark("startup")
    // Only the primary instance starts up; it alone may write the history.
    guard let lock = InstanceLock(dataDirectory: dataDirectory) else {
      FileHandle.standardError.write(
        Data(
          ("natter: "
            + localized(
              "another Natter is already using {folder}, and without a session bus this one "
                + "cannot ask it to show its window.", ["folder": dataDirectory.path]) + "\n")
            .utf8))
      exitStatus = 1
      g_application_quit(typed())
      return
    }
    self.lock = lock
    // A logout or `kill` (SIGTERM) and Ctrl+C in a terminal (SIGINT) quit as Ctrl+Q does.
    for signal in [SIGTERM, SIGINT] {
      UnixSignal.handle(signal) { [unowned self] in quit() }
    }
    // A viewer or the channel browser belongs to the app, for its keys to work there, and
    // would keep it running: the main window closing ends the app as before.
    // Weak: GTK removes the windows left at exit after this object has gone.
    Signal.connect(pointer, "window-removed") { [weak self] (removed: UnsafeMutableRawPointer?) in
      guard let self, !ending, let window, removed == raw(window.window) else { return }
      ending = true
      closeOtherWindows()
      g_application_quit(typed())
    }
    if let css = ResourceLocator.url(for: "natter.css"),
      let text = try? String(contentsOf: css, encoding: .utf8)
    {
      Log.debug("stylesheet \(css.path)")
      Style.apply(css: text)
    } else {
      Log.warning("natter.css not found; the window will use GTK's default style")
    }
    Style.useWholePixelLines()
    BenchProbe.mark("css")
    actions = [
      Action("quit", in: pointer) { [unowned self] in quit() },
      Action("about", in: pointer) { [unowned self] in window?.showAbout() },
      Action("preferences", in: pointer) { [unowned self] in showPreferences() },
      Action("connect-network", in: pointer) { [unowned self] in showConnectDialog() },
      // A notification's default action: back to the window.
      Action("present", in: pointer) { [unowned self] in window?.present() },
      Action("present-conversation", in: pointer) { [unowned self] conversation in
        window?.present()
        window?.conversations.open(conversation)
      },
    ]
    for (action, accelerators) in Keymap.globalAccelerators {
      Accelerators.set(accelerators, for: action, on: application)
    }
    startDesktopIntegration()
    BenchProbe.mark("settings")
  }

  /// Settings and style: loaded before the first window so it opens as the user left it.
  private func startDesktopIntegration() {
    IRCClient.versionReply = "\(AppInfo.name) \(AppInfo.version)"
    settings = settingsFile.load()
    BodyFormatting.isShown = settings.showsFormatting
    let manager = StyleManager(connection: g_application_get_dbus_connection(typed()))
    let nickColors = Style.Sheet()
    // Each style has its own palette of nickname colours, readable on its backgrounds.
    // mIRC colours are attributes, not CSS: the rows on screen are drawn again in the other
    // style's colours.
    manager.onApplied = { [weak self] dark in
      nickColors.load(NickColors.css(dark: dark))
      guard BodyFormatting.isDark != dark else { return }
      BodyFormatting.isDark = dark
      self?.window?.redrawBodies()
    }
    manager.style = settings.style
    styleManager = manager
  }

  /// The window icon, after the first frame. From the checkout GTK finds it through the data
  /// path `ResourceLocator.exposeCheckoutIcons` set before it started; a search path added here
  /// made GTK load its icon theme again (about 20 ms of every start, issue 19) and restyle the
  /// window. Shells find the icon by the app ID and the desktop file; GTK 4.8 gives X11 no
  /// `_NET_WM_ICON` from an SVG icon.
  private func showIcon(on window: MainWindow) {
    if !defaultIconSet {
      defaultIconSet = true
      // Preferences, About and the shortcuts window get it when they open.
      gtk_window_set_default_icon_name(AppInfo.id)
    }
    gtk_window_set_icon_name(window.window, AppInfo.id)
  }

  private func showPreferences() {
    if let preferences {
      preferences.present()
      return
    }
    let preferences = PreferencesWindow(settings: settings, transientFor: window?.window)
    if let installedDictionaries { preferences.showDictionaries(installedDictionaries) }
    preferences.onChange = { [unowned self] changed in apply(changed) }
    preferences.onPassword = { [unowned self] network, password in
      typedPasswords[network.id] = password
    }
    preferences.onClose = { [unowned self] in
      // Dropped after the close-request emission, not during it.
      MainLoop.idle { [weak self] in self?.preferences = nil }
    }
    self.preferences = preferences
    preferences.present()
  }

  /// `Connect to a network…` (Ctrl+N): the network chosen joins the list, connects, and its
  /// first channel (else its own row) opens.
  private func showConnectDialog() {
    if let connectDialog {
      connectDialog.present()
      return
    }
    let dialog = ConnectDialog(transientFor: window?.window)
    dialog.onConnect = { [unowned self] network in
      var changed = settings
      let index = changed.networks.addOrUpdate(network.url)
      changed.networks[index].name = network.name
      apply(changed)
      let added = changed.networks[index]
      window?.conversations.open(
        added.url.channels.first.map { added.url.conversation($0) } ?? added.id)
    }
    Signal.connectReturning(dialog.pointer, "close-request") { [unowned self] in
      MainLoop.idle { [weak self] in self?.connectDialog = nil }
      window?.present()
      return false
    }
    connectDialog = dialog
    dialog.present()
  }

  /// A soju bouncer's networks become networks of ours (SPEC §11), saved with the others;
  /// those added connect bound to theirs.
  private func applyBouncer(_ event: IRCEvent, of bouncerID: String) {
    var changed = settings
    guard changed.networks.applyBouncer(event, of: bouncerID) else { return }
    Log.debug("the bouncer \(bouncerID) changed its networks")
    apply(changed)
  }

  /// Applies changed settings everywhere at once and saves them.
  private func apply(_ changed: Settings) {
    let networksChanged = changed.networks != settings.networks
    settings = changed
    styleManager?.style = changed.style
    window?.apply(changed)
    settingsFile.save(changed)
    let passwords = typedPasswords
    typedPasswords = [:]
    guard networksChanged || !passwords.isEmpty, let window else { return }
    for network in changed.networks {
      guard let password = passwords[network.id] else { continue }
      SecretStore.store(
        server: network.secretServer, account: network.secretAccount, password: password)
    }
    // A network given a password connects again with it, even when nothing else changed.
    updateNetworks(
      of: window, to: changed.networks, passwords: passwords, restarting: Set(passwords.keys))
  }

  /// The window's networks become `networks`; only those gone, added or changed connect or
  /// disconnect (SPEC §11: one network's change never touches another).
  private func updateNetworks(
    of window: MainWindow, to networks: [NetworkAccount], passwords: [String: String],
    restarting: Set<String> = []
  ) {
    window.updateNetworks(
      networks, restarting: restarting,
      make: { [unowned self] network in makeClient(network, password: passwords[network.id]) },
      quit: { [unowned self] client in
        client.quit(reason: settings.quitMessage) { withExtendedLifetime(client) {} }
      },
      start: { [unowned self] network, client in
        start(client, network: network, password: passwords[network.id])
      })
  }

  private func makeClient(_ network: NetworkAccount, password: String?) -> IRCClient {
    guard let session else { fatalError("a client is made for a window, after its history") }
    return IRCClient(
      url: network.url, name: network.name, saslAccount: network.saslAccount,
      password: password,
      clientCertificate: network.clientCertificate.map { ($0 as NSString).expandingTildeInPath },
      sts: stsPolicies, store: session.store, realName: settings.realName,
      ignored: network.ignored, pins: settings.pinnedCertificates[network.url.server] ?? [],
      trustedAnywhere: Set(settings.trustedCertificates),
      budget: settings.sendBudget, handlesWholeReads: BenchProbe.wholeReads,
      arrivalIDs: session.arrivalIDs)
  }

  private func activate() {
    guard lock != nil else { return }
    if let window {
      // A second `natter --connect` saved another network and asked this instance to show
      // itself: the window comes back with it.
      let latest = settingsFile.load()
      if latest.networks != settings.networks {
        Log.debug("networks changed by another launch: \(latest.networks.map(\.url))")
        settings.networks = latest.networks
        settings.trustedCertificates = latest.trustedCertificates
        settings.pinnedCertificates = latest.pinnedCertificates
        // The password in that launch's environment was kept in the Secret Service.
        updateNetworks(of: window, to: latest.networks, passwords: [:])
      }
    } else {
      openWindow()
    }
    window?.present()
  }

  /// The network NATTER_IRC_PASSWORD belongs to: the one `--connect` named, else the only one.
  var environmentNetwork: String?

  /// - Parameter passwords: those just typed in Preferences, by network, used before the
  ///   environment's.
  private func openWindow(passwords: [String: String] = [:]) {
    let session =
      self.session
      ?? ChatSession(dataDirectory: dataDirectory, sender: ChatSession.localUserName())
    self.session = session
    BenchProbe.mark("store")
    let environment = environmentValue("NATTER_IRC_PASSWORD").flatMap { $0.isEmpty ? nil : $0 }
    let enabled = settings.networks.filter(\.isEnabled)
    let passwordNetwork = environmentNetwork ?? (enabled.count == 1 ? enabled.first?.id : nil)
    var given: [String: String] = [:]
    for network in enabled {
      given[network.id] =
        passwords[network.id] ?? (network.id == passwordNetwork ? environment : nil)
    }
    let clients = enabled.map { makeClient($0, password: given[$0.id]) }
    // No frame of this window or any other asks about frame sync where nothing supports it.
    X11FrameSync.turnOffWhereUnsupportedForEveryWindow()
    let window = MainWindow(
      application: application, session: session, networks: settings.networks, clients: clients)
    BenchProbe.mark("window")
    self.window = window
    // The clients handle received lines in slices that end before this window's next frame.
    FrameBudget.follow(window.widget)
    window.spellingChoices = SpellingChoicesFile(dataDirectory: dataDirectory)
    window.apply(settings)
    // Enchant's providers and dictionaries load on a worker thread, which on two cores took
    // the time the first frame needed (issue 32): they begin once it is on screen.
    window.afterFirstFrame.run { [unowned self] in startSpelling(in: window) }
    window.conversations.onBouncerNetworks = { [unowned self] bouncer, event in
      applyBouncer(event, of: bouncer)
    }
    window.conversations.onIgnoredChanged = { [unowned self] id, masks in
      guard let index = settings.networks.firstIndex(where: { $0.id == id }) else { return }
      settings.networks[index].ignored = masks
      settingsFile.save(settings)
    }
    window.onTrustCertificate = { [unowned self] fingerprint, server, replacing in
      settings.pin(fingerprint, server: server, replacing: replacing)
      settingsFile.save(settings)
    }
    window.afterFirstFrame.run { [unowned self] in showIcon(on: window) }
    window.afterFirstFrame.run { TranscriptView.keepClockPattern() }
    // Neither the network nor the Secret Service delays the first frame (SPEC §8).
    window.afterFirstFrame.run { [unowned self] in
      if !clients.isEmpty { BenchProbe.mark("network") }
      for (network, client) in zip(enabled, clients) {
        start(client, network: network, password: given[network.id])
      }
    }
    Log.debug("main window created; data directory \(dataDirectory.path)")
  }

  private func startSpelling(in window: MainWindow) {
    let spelling = SpellEngine(personalFile: SpellEngine.personalFile(in: dataDirectory))
    window.composer.spelling.installed = spelling
    window.applySpelling()
    spelling.listLanguages { [weak self] tags in
      self?.installedDictionaries = tags
      self?.window?.installedDictionaries = tags
      self?.preferences?.showDictionaries(tags)
    }
  }

  /// Connects with the password given (kept in the Secret Service when `--connect` saved the
  /// network with it), else the Secret Service's, else none. Each network looks its own up,
  /// so one keyring's slowness delays no other network.
  private func start(_ irc: IRCClient, network: NetworkAccount, password: String?) {
    if let password {
      if savesPassword, network.id == environmentNetwork {
        SecretStore.store(
          server: network.secretServer, account: network.secretAccount, password: password)
      }
      irc.start()
      return
    }
    Log.debug("looking up the password of \(network.name) in the Secret Service")
    SecretStore.lookup(server: network.secretServer, account: network.secretAccount) { password in
      Log.debug(password == nil ? "no password in the Secret Service" : "password found")
      if let password { irc.usePassword(password) }
      irc.start()
    }
  }

  /// `app.quit` (Ctrl+Q), SIGTERM and SIGINT.
  private func quit() {
    guard !ending else { return }
    ending = true
    // Closing (not just quitting) lets each window save its state in close-request.
    window?.close()
    closeOtherWindows()
    g_application_quit(typed())
  }

  /// The viewers and channel browsers go with the main window, not after the goodbyes to
  /// the servers (`shutdown`), which may take a second.
  private func closeOtherWindows() {
    var others: [UnsafeMutablePointer<GtkWindow>] = []
    var node = gtk_application_get_windows(typed())
    while let current = node {
      if let data = current.pointee.data {
        others.append(data.assumingMemoryBound(to: GtkWindow.self))
      }
      node = current.pointee.next
    }
    for other in others { gtk_window_destroy(other) }
  }

  /// However the app ends (Ctrl+Q, a signal, the last window closed), once the main loop has
  /// stopped and the window has saved its state: the server hears `QUIT` with the message from
  /// Preferences, and the process waits up to a second for it to close the connection, so
  /// others see that message rather than `Connection closed`.
  private func shutdown() {
    ending = true
    guard let clients = window?.clients, !clients.isEmpty else { return }
    // Every network says goodbye at once; each client gives up after a second.
    var done = 0
    for irc in clients { irc.quit(reason: settings.quitMessage) { done += 1 } }
    // This bound only guards against a bug in them.
    MainLoop.iterate(until: { done == clients.count }, seconds: 2)
  }
}
