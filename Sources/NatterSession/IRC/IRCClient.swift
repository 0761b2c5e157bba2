import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore

/// One IRC account at work: feeds NatterCore's `IRCConnection` with the GIO connection's lines
/// and timer ticks, performs its effects in order, and keeps the store in step (every message
/// stored before it is shown; the outbox is the pending rows). Knows no widget: the window
/// listens to the callbacks.
@MainActor
public final class IRCClient {
  public let url: IRCServerURL
  /// The network's name, as the sidebar and notifications say it.
  public var name: String
  /// The network's own conversation (its server messages) and its key.
  public var networkID: String { url.conversationPrefix }
  private let store: MessageStore
  private var connection: IRCConnection
  /// Ids for received lines, in the order they arrived among the composer's own.
  private let arrivalIDs: SharedArrivalIDs
  private let saslAccount: String?
  /// The PEM file of the client certificate (with its key) shown in the TLS handshake.
  private let clientCertificate: String?
  /// Strict Transport Security: the kept policies, and the TLS port a plaintext connection
  /// of this client was sent to (never plaintext again after that, even if TLS fails).
  private let sts: STSPolicyFile
  private var upgradedPort: Int?
  /// The port of the connection under way, which a policy heard on it is kept for.
  private var connectedPort = 0
  private var transport: (any LineTransport)?
  /// Opens a connection: a `LineConnection` to the server, or a test's fake.
  public typealias TransportFactory =
    @MainActor (
      _ host: String, _ port: UInt16, _ tls: Bool, _ pinned: Set<String>,
      _ clientCertificate: String?, _ readPriority: Int32,
      _ onEvent: @escaping @MainActor (any LineTransport, LineConnection.Event) -> Void
    ) -> any LineTransport
  private let makeTransport: TransportFactory

  /// The real socket: GIO, with TLS and the pinned certificates.
  public static let lineConnection: TransportFactory = {
    host, port, tls, pinned, certificate, priority, onEvent in
    LineConnection(
      host: host, port: port, tls: tls, pinned: pinned, clientCertificate: certificate,
      readPriority: priority,
      onEvent: { connection, event in onEvent(connection, event) })
  }
  private var wakeSource: UInt32 = 0
  /// Lines read and not yet handled, from `inboxHead` on; handled a slice at a time, each
  /// slice's messages stored in one transaction, with frames drawn between slices.
  private var inbox: [[UInt8]] = []
  private var inboxHead = 0
  private var inboxSource: UInt32 = 0
  private var pacer = IRCInboxPacer()
  /// Each read handled at once, above redraws (the benchmark's `read` inbox), not in slices.
  private let handlesWholeReads: Bool
  /// The connection's end, once the lines read before it are handled.
  private var afterInbox: (() -> Void)?
  /// A batch the writer stored, shown by the next slice of the inbox.
  private var storedBatch: (Result<[Message], StoreError>, count: Int, origins: [String: Origin])?

  /// Stores received messages off the main thread; nil in memory, and for the benchmark's
  /// `read` inbox, which stores each read on the main thread as the inbox once did.
  private let writer: ReceivedWriter?
  /// Effects not performed yet, from `queuedHead` on: those after received messages that are
  /// being stored wait for them.
  private var queued: [IRCEffect] = []
  private var queuedHead = 0
  private var performing = false
  /// Received messages are with the writer; nothing queued is performed until they are stored.
  private var storing = false
  /// Gathered by the effects performed so far, and stored at the next effect that needs them.
  private var gathered = Gathered()
  /// The next queued effect's status lines were gathered before it waited.
  private var gatheredNext = false
  private typealias Origin = (isPrivate: Bool, isOwn: Bool)
  private struct Gathered {
    var received: [Message] = []
    /// Whether each received message is private and whether we sent it, by id.
    var origins: [String: Origin] = [:]
    var reactions: [Reaction] = []
  }
  private let budget: IRCSendBudget
  /// When each message's first line was written, for the send-to-echo figure in the log.
  private var writtenAt: [String: Date] = [:]
  /// Certificates pinned for this server (lowercase hex SHA-256).
  private(set) var pins: [String]
  /// Certificates trusted for any server (settings from before pins were per server).
  private let trustedAnywhere: Set<String>
  /// One conversation per channel or person, however it is spelt.
  private var spellings: IRCConversationSpellings
  /// Who each nickname seen changing goes by now, for the `bob: ` a reply starts with.
  private var renames = IRCRenames()

  /// Messages stored at the end of a conversation, in order.
  public var onStored: ([Message]) -> Void = { _ in }
  /// A stored message changed (confirmed, failed, retried).
  public var onChanged: (Message) -> Void = { _ in }
  /// Messages were stored among older ones (a history playback): the transcript reloads.
  public var onMerged: (String) -> Void = { _ in }
  /// The connection state or the number of waiting messages changed.
  public var onStatus: () -> Void = {}
  /// The server's certificate failed verification; its SHA-256 fingerprint.
  public var onCertificateRefused: (IRCCertificateTrust) -> Void = { _ in }
  /// A received message, newly stored, whether it is private and whether we sent it: the
  /// window asks `MessageDisplay.notifies` whether it deserves a notification.
  public var onReceived: (_ message: Message, _ isPrivate: Bool, _ isOwn: Bool) -> Void = {
    _, _, _ in
  }
  /// A storage failure, as a sentence for the banner.
  public var onStoreError: (String) -> Void = { _ in }
  /// Every connection event (joins, parts, members, topics), for the conversations.
  public var onEvent: (IRCEvent) -> Void = { _ in }
  /// A private chat's person changed nickname: the conversation moved from one URL to the
  /// other (the store has moved its messages), and is now called `name`.
  public var onRenamed: (_ from: String, _ to: String, _ name: String) -> Void = { _, _, _ in }
  /// A page of older history for a conversation was asked for (true) or has come (false):
  /// the transcript shows that it is loading.
  public var onHistoryLoading: (_ conversation: String, _ loading: Bool) -> Void = { _, _ in }
  /// The reactions of these stored messages changed: their rows redraw.
  public var onReactionsChanged: ([Message]) -> Void = { _ in }
  /// Who is typing in `conversation` changed (nicknames, longest typing first; empty when
  /// no one is).
  public var onTyping: (_ conversation: String, _ nicks: [String]) -> Void = { _, _ in }
  /// The conversation on screen, where status lines that name none go.
  public var statusConversation: String?

  public init(
    url: IRCServerURL, name: String? = nil, saslAccount: String?, password: String?,
    clientCertificate: String? = nil, sts: STSPolicyFile = STSPolicyFile(file: nil),
    store: MessageStore, realName: String = "", ignored: [String] = [],
    pins: [String], trustedAnywhere: Set<String> = [], budget: IRCSendBudget = .standard,
    handlesWholeReads: Bool = false, arrivalIDs: SharedArrivalIDs = SharedArrivalIDs(),
    makeTransport: @escaping TransportFactory = IRCClient.lineConnection
  ) {
    self.makeTransport = makeTransport
    self.arrivalIDs = arrivalIDs
    self.handlesWholeReads = handlesWholeReads
    self.url = url
    self.name = name ?? NetworkAccount.defaultName(for: url)
    self.store = store
    writer = handlesWholeReads ? nil : store.receivedWriter()
    self.pins = pins.map(IRCCertificateTrust.normalized)
    self.trustedAnywhere = trustedAnywhere
    self.saslAccount = saslAccount
    self.clientCertificate = clientCertificate
    self.sts = sts
    let pending: [IRCOutboxEntry]
    do {
      pending = try store.pendingOutbox(under: url.conversationPrefix)
    } catch {
      Log.warning("could not read the outbox: \(error)")
      pending = []
    }
    self.realName = realName
    self.ignored = ignored
    let account = Self.account(
      url: url, saslAccount: saslAccount, password: password,
      hasClientCertificate: clientCertificate != nil, realName: realName, ignored: ignored)
    self.budget = budget
    connection = IRCConnection(account: account, pending: pending, budget: budget)
    let stored = (try? store.conversations(under: url.conversationPrefix)) ?? []
    spellings = IRCConversationSpellings(
      known: stored.compactMap { url.target(ofConversation: $0) })
    Log.debug("IRC account \(account) on \(url.host):\(url.port), \(pending.count) waiting")
  }

  public var state: IRCConnectionState { connection.state }
  public var nick: String { connection.nick }
  public var waiting: Int { connection.pending.count }

  /// Who to be: a bouncer's login signs in with the password as the server password (ZNC
  /// 1.8 offers no SASL), any other account with SASL PLAIN when there is a password.
  static func account(
    url: IRCServerURL, saslAccount: String?, password: String?, hasClientCertificate: Bool = false,
    realName: String = "", ignored: [String] = []
  ) -> IRCAccount {
    let channels = url.channels.map { IRCAccount.Channel($0) }
    let named = realName.trimmingCharacters(in: .whitespaces)
    var account: IRCAccount
    if let login = url.login {
      account = IRCAccount(
        nick: url.nick, userName: login, realName: named.isEmpty ? url.nick : named,
        channels: channels, serverPassword: password, bouncerNetwork: url.bouncerNetwork)
    } else {
      account = IRCAccount(
        nick: url.nick, realName: named.isEmpty ? nil : named, channels: channels,
        saslAccount: password == nil ? nil : (saslAccount ?? url.nick), saslPassword: password,
        bouncerNetwork: url.bouncerNetwork)
    }
    account.version = versionReply
    account.ignored = ignored
    // A bouncer's login signs in with the server password; EXTERNAL is used only over TLS
    // (IRCSASL), where the handshake showed the certificate.
    account.hasClientCertificate = hasClientCertificate && url.login == nil
    return account
  }

  private var realName: String
  private var ignored: [String]

  /// Preferences' real name changed: used from the next connection on.
  public func useRealName(_ name: String) {
    realName = name
    connection.useRealName(name)
  }

  /// Our away text while the server has us away; nil while here.
  public var away: String? { connection.away }

  /// Whether `nick` (of a private chat) is online, as `MONITOR` last said; nil when unknown.
  public func isOnline(_ nick: String) -> Bool? { connection.isOnline(nick) }

  /// The nicknames of this network's private chats: the server says when they come and go.
  public func watch(_ nicks: [String]) { feed(.watch(nicks)) }

  /// `/ignore`'s masks changed: what matches them is dropped from now on.
  public func ignore(_ masks: [String]) {
    ignored = masks
    feed(.ignore(masks))
  }

  /// `/quit`: leaves the network; it stays disconnected until `reconnect`.
  public func disconnect(reason: String) { feed(.disconnect(reason: reason)) }

  /// `/list`: asks the server for its channels; they come as `IRCEvent.channelList`.
  public func listChannels() { feed(.command(IRCMessage(command: "LIST"))) }

  /// What a CTCP `VERSION` is answered with; the application names itself and its version.
  public static var versionReply = "Natter"

  /// Where what belongs to no channel or person goes: the network's own conversation.
  var mainConversation: String { url.conversationPrefix }

  /// The conversation with `target` (a channel or a nickname), one per channel or person
  /// under the server's case mapping: `Bob` and `bob` are one private chat.
  public func conversation(for target: String) -> String {
    spellings.use(connection.support.casemapping)
    return url.conversation(spellings.spelling(of: target))
  }

  public func start() {
    NetworkMonitor.onAvailable { [weak self] in
      guard let self, case .disconnected = connection.state, connection.reconnectsByItself
      else { return }
      Log.debug("the network is back; reconnecting now")
      feed(.connectNow)
    }
    feed(.connectNow)
  }

  /// Signs in with SASL PLAIN from the next connection on (the password came from the Secret
  /// Service after the client was made). Only before `start`: the outbox is carried over.
  public func usePassword(_ password: String) {
    let account = Self.account(
      url: url, saslAccount: saslAccount, password: password,
      hasClientCertificate: clientCertificate != nil, realName: realName, ignored: ignored)
    connection = IRCConnection(account: account, pending: connection.pending, budget: budget)
  }

  /// Closes the connection for good (the window is going away); pending messages stay stored
  /// and go out with the next start.
  public func stop() {
    dropInbox()
    // What the lines read so far would still have done is not done, but what they brought
    // is stored, after the batch being stored.
    storeWaitingMessages()
    queued = []
    queuedHead = 0
    gathered = Gathered()
    gatheredNext = false
    MainLoop.cancel(wakeSource)
    wakeSource = 0
    MainLoop.cancel(typingSource)
    typingSource = 0
    transport?.close()
    transport = nil
    silence()
  }

  /// Nothing from here on reaches the window, which may be gone.
  private func silence() {
    onStored = { _ in }
    onChanged = { _ in }
    onMerged = { _ in }
    onStatus = {}
    onEvent = { _ in }
    onRenamed = { _, _, _ in }
    onReceived = { _, _, _ in }
    onStoreError = { _ in }
    onCertificateRefused = { _ in }
    onHistoryLoading = { _, _ in }
    onReactionsChanged = { _ in }
    onTyping = { _, _ in }
  }

  /// `Trust this certificate`: pins `fingerprint` for this server (in place of the ones
  /// pinned before, when it changed) and connects again.
  public func trust(_ fingerprint: String, replacing: Bool) {
    let hex = IRCCertificateTrust.normalized(fingerprint)
    pins = replacing ? [hex] : pins + [hex]
    reconnect()
  }

  /// `Reconnect`: a new attempt now, whatever the backoff said.
  public func reconnect() {
    if case .disconnected = connection.state {
      feed(.connectNow)
      return
    }
    transport?.close()
    transport = nil
    dropInbox()
    feed(.disconnected(reason: localized("Reconnecting")))
    feed(.connectNow)
  }

  /// Stores `message` as pending for `target`, then hands it to the connection, which writes
  /// it now or after reconnecting. Returns the stored form. Its text is sent as it is: the
  /// composer's commands were parsed once, before (an action comes as `kind` `.action`).
  /// A reply to `parent` goes out with `+draft/reply` (SPEC §13).
  public func send(_ message: Message, to target: String, replyingTo parent: Message? = nil) throws
    -> Message
  {
    let started = Date()
    var stored = message
    let body = message.body
    stored.sender = connection.nick
    stored.conversation = conversation(for: target)
    stored.delivery = .pending
    stored.replyTo = parent?.msgid
    let outgoing = IRCOutgoing(
      id: stored.id, target: target, body: body, tags: message.tags,
      isAction: stored.kind == .action, replyTo: parent?.msgid,
      replyToSender: parent.map { replyName(of: $0, body: body) })
    // Committed before anything is written: a crash from here on loses nothing.
    try store.insertPending(stored, entry: IRCOutboxEntry(message: outgoing))
    // Send to echo (SPEC §8) counts from here: storing is part of sending.
    if connection.state == .ready { writtenAt[stored.id] = started }
    feed(.send(outgoing))
    onStatus()
    return stored
  }

  /// Reacts to `message` with `emoji`, or takes that reaction back (SPEC §13). The chip
  /// changes at once when the reaction went out; the server's echo is the same row again.
  /// Returns false when it could not go out (offline, or a server that relays no client tags).
  @discardableResult
  public func react(to message: Message, with emoji: String, remove: Bool) -> Bool {
    guard let msgid = message.msgid, let target = url.target(ofConversation: message.conversation)
    else { return false }
    let effects = connection.handle(
      .react(target: target, msgid: msgid, emoji: emoji, remove: remove), at: Date())
    let written = effects.contains { if case .write = $0 { true } else { false } }
    perform(effects)
    guard written else { return false }
    store(
      [
        Reaction(
          conversation: message.conversation, msgid: msgid, sender: connection.nick,
          emoji: emoji, sentAt: Date(), isOwn: true, removed: remove)
      ])
    return true
  }

  /// The composer's text in `conversation` changed (or was sent, with `sent`): typing
  /// notifications go out paced, where the server relays them and `sendsTyping` allows.
  public func composerChanged(in conversation: String, text: String, sent: Bool = false) {
    guard sendsTyping, let target = url.target(ofConversation: conversation) else { return }
    let now = Date()
    let changes =
      sent
      ? typingPacer.sent(target: target) : typingPacer.edited(target: target, text: text, at: now)
    writeTyping(changes, at: now)
  }

  /// The window shows `conversation` (nil: none of this network's): whoever we typed to
  /// elsewhere on it is told we are done.
  public func showing(_ conversation: String?) {
    let target = conversation.flatMap { url.target(ofConversation: $0) }
    writeTyping(typingPacer.switched(to: target), at: Date())
  }

  /// Whether a message of several lines goes out as one (`draft/multiline`) right now.
  public var sendsLinesTogether: Bool { connection.multilineLimits != nil }

  /// Preferences' `Send typing notifications`. Turned off, whoever was told we type is told
  /// we stopped.
  public var sendsTyping = true {
    didSet {
      guard !sendsTyping else { return }
      let now = Date()
      writeTyping(typingPacer.switched(to: nil), at: now)
    }
  }

  private var typingPacer = IRCTypingPacer()
  private var typingIndicator = IRCTypingIndicator()
  private var typingSource: UInt32 = 0

  private func writeTyping(_ changes: [IRCTypingNotice], at now: Date) {
    for change in changes { feed(.typing(target: change.target, change.state)) }
    scheduleTypingWake()
  }

  /// One timer for both: our `paused` after 5 s idle, and someone's `typing…` expiring.
  private func scheduleTypingWake() {
    MainLoop.cancel(typingSource)
    typingSource = 0
    let wakes = [typingPacer.nextWake, typingIndicator.nextExpiry].compactMap { $0 }
    guard let next = wakes.min() else { return }
    let milliseconds = max(0, next.timeIntervalSinceNow * 1000)
    typingSource = MainLoop.timeout(milliseconds: UInt32(min(milliseconds, 60_000)) + 1) {
      [weak self] in
      guard let self else { return false }
      typingSource = 0
      let now = Date()
      for conversation in typingIndicator.expire(at: now) { reportTyping(in: conversation) }
      writeTyping(sendsTyping ? typingPacer.tick(at: now) : [], at: now)
      return false
    }
  }

  private func reportTyping(in target: String) {
    onTyping(conversation(for: target), typingIndicator.typing(in: target))
  }

  /// Stores reactions heard or sent, and redraws the messages they changed.
  private func store(_ reactions: [Reaction]) {
    do {
      let changed = try store.apply(reactions)
      if !changed.isEmpty { onReactionsChanged(changed) }
    } catch {
      report(error, storing: "\(reactions.count) reactions")
    }
  }

  /// The user reached the top of `conversation`: the page before its oldest stored message,
  /// where the server keeps history (`draft/chathistory`); one request at a time.
  public func fetchOlder(in conversation: String) {
    // Before anything from the server is stored, the page after joining brings the latest.
    // Asked on every scroll change at the top: the store is read only when a page may go out.
    guard let target = url.target(ofConversation: conversation),
      connection.canFetchOlder(target),
      let oldest = (try? store.messages(in: conversation, .newer, from: nil, limit: 50))?
        .first(where: { $0.kind != .status && $0.delivery != .pending })
    else { return }
    feed(.fetchOlder(target: target, before: oldest.sentAt))
  }

  /// The newest message of `conversation` that a server sent (status lines are Natter's own,
  /// timed by this clock), for catching up after a (re)join.
  private func newestFromServer(in conversation: String) -> Date? {
    let newest = (try? store.messages(in: conversation, .older, from: nil, limit: 50)) ?? []
    return newest.first { $0.kind != .status && $0.delivery != .pending }?.sentAt
  }

  /// `/join #chan [key]`: joined now when connected, and after every reconnect.
  public func join(_ channel: String, key: String? = nil) {
    feed(.join(channel: channel, key: key))
  }

  /// `/part`: left now when connected, and not joined again.
  public func part(_ channel: String, reason: String? = nil) {
    feed(.part(channel: channel, reason: reason))
  }

  /// A raw line (`/nick`, `/topic`, `/quote`), written while registered.
  public func write(_ message: IRCMessage) { feed(.command(message)) }

  /// Whether `target` names a channel on this server (else a nickname).
  public func isChannel(_ target: String) -> Bool { connection.support.isChannel(target) }

  public var casemapping: IRCCasemapping { connection.support.casemapping }

  /// The name a reply to `parent` that says `body` starts with: its sender as the channel
  /// knows them now, unless the user named them already as they were (`bob: yes`).
  private func replyName(of parent: Message, body: String) -> String {
    if IRCOutgoing.names(parent.sender, atStartOf: body) { return parent.sender }
    renames.use(connection.support.casemapping)
    return renames.current(parent.sender, since: parent.sentAt)
  }

  /// `Retry` on a failed message: pending again and sent like a new one.
  public func retry(_ message: Message) {
    guard message.delivery == .failed, let target = url.target(ofConversation: message.conversation)
    else { return }
    let parent = message.replyTo.flatMap { try? store.message(msgid: $0, in: message.conversation) }
    let outgoing = IRCOutgoing(
      id: message.id, target: target, body: message.body, tags: message.tags,
      isAction: message.kind == .action, replyTo: message.replyTo,
      replyToSender: parent.map { replyName(of: $0, body: message.body) })
    do {
      // Handed on only when this Retry made it pending: one pressed twice, on a row not yet
      // redrawn, finds it pending already (the outbox would drop the second by its id too).
      guard let changed = try store.retry(id: message.id, entry: IRCOutboxEntry(message: outgoing))
      else { return }
      onChanged(changed)
      feed(.send(outgoing))
      onStatus()
    } catch {
      Log.warning("could not retry \(message.id): \(error)")
      onStoreError(localized("The message could not be sent again."))
    }
  }

  // MARK: Quitting

  /// Waiting for the server to close the connection after `quit`.
  private var quitCompletions: [@MainActor () -> Void] = []
  private var quitTimeout: UInt32 = 0

  /// The app is ending: says `QUIT :reason`, then calls `completion` once the server has
  /// closed the connection, after `milliseconds` at most, or at once when not connected. The
  /// window hears nothing more from this client; pending messages stay stored for the next
  /// start. A second call while waiting only adds its completion.
  public func quit(
    reason: String, milliseconds: UInt32 = 1000, completion: @escaping @MainActor () -> Void
  ) {
    // The window may already be destroyed.
    silence()
    quitCompletions.append(completion)
    guard quitTimeout == 0 else { return }
    feed(.quit(reason: reason))
    guard transport != nil else {
      finishQuitting()
      return
    }
    quitTimeout = MainLoop.timeout(milliseconds: milliseconds) { [weak self] in
      Log.debug("the server did not close the connection after QUIT; closing it")
      self?.quitTimeout = 0
      self?.finishQuitting()
      return false
    }
  }

  /// Ends `quit`'s wait, if there is one: the connection is closed for good.
  private func finishQuitting() {
    guard !quitCompletions.isEmpty else { return }
    MainLoop.cancel(quitTimeout)
    quitTimeout = 0
    stop()
    // The process may end next: what was received is on the disk first.
    writer?.waitUntilIdle()
    let completions = quitCompletions
    quitCompletions = []
    for completion in completions { completion() }
  }

  // MARK: Feeding the state machine

  private func feed(_ input: IRCInput) {
    perform(connection.handle(input, at: Date()))
  }

  /// Performs `new` after every effect still waiting. One performed now adds its own in front
  /// of the rest, as if performed within it.
  private func perform(_ new: [IRCEffect]) {
    if performing {
      queued.insert(contentsOf: new, at: queuedHead)
      return
    }
    queued += new
    performQueued()
  }

  /// Performs queued effects in order until one must wait for received messages to be stored.
  private func performQueued() {
    guard !performing else { return }
    performing = true
    performUntilStoring()
    performing = false
    if queuedHead >= queued.count { inboxMayGoOn() }
  }

  private func performUntilStoring() {
    while !storing {
      guard queuedHead < queued.count else {
        queued.removeAll(keepingCapacity: queued.count < 4096)
        queuedHead = 0
        // Reactions gathered with messages now at the writer are stored once those are.
        if !storeGathered() { storeGatheredReactions() }
        // Showing what was stored may have queued more.
        if queued.isEmpty { return }
        continue
      }
      let effect = queued[queuedHead]
      // Taken first: what the window does when told of stored messages comes after it.
      queuedHead += 1
      // Status lines are stored with the messages around them, in one transaction per read;
      // the event still goes on to the window (a join opens its conversation).
      if case .event(let event) = effect, !gatheredNext {
        gathered.received += statusLines(for: event)
      }
      gatheredNext = false
      // Received messages are stored together, before anything that changes stored rows, and
      // reactions after the messages they may be about.
      if effect.changesStoredRows {
        if storeGathered() {
          // Performed once they are stored; the writer told no one of anything yet.
          queuedHead -= 1
          gatheredNext = true
          return
        }
        storeGatheredReactions()
      }
      perform(effect)
    }
  }

  private func perform(_ effect: IRCEffect) {
    switch effect {
    case .event(.userRenamed(let old, let new)), .event(.nickChanged(let old, let new)):
      renames.use(connection.support.casemapping)
      renames.renamed(old, to: new, at: Date())
      if case .event(.userRenamed) = effect, let line = followRename(from: old, to: new) {
        gathered.received.append(line)
      }
    default:
      break
    }
    switch effect {
    case .outboxChanged:
      persistOutbox()
    case .write(let line):
      Log.debug("→ \(effect.logDescription)")
      transport?.write(line)
    case .wake(let date):
      MainLoop.cancel(wakeSource)
      let milliseconds = max(0, date.timeIntervalSinceNow * 1000)
      wakeSource = MainLoop.timeout(milliseconds: UInt32(min(milliseconds, 3_600_000)) + 1) {
        [weak self] in
        self?.wakeSource = 0
        self?.feed(.tick)
        return false
      }
    case .connect:
      openTransport()
    case .close:
      transport?.close()
      transport = nil
    case .event(.reaction(let reaction)):
      if let kept = self.reaction(from: reaction) { gathered.reactions.append(kept) }
    case .event(.message(let incoming)):
      let message = message(from: incoming)
      gathered.received.append(message)
      let isPrivate =
        !incoming.isFromServer && !connection.support.isChannel(incoming.conversation)
      gathered.origins[message.id] = (isPrivate, incoming.isOwn)
      // Someone's message ends their `typing…` at once.
      if typingIndicator.messageArrived(from: incoming.sender, in: incoming.conversation) {
        reportTyping(in: incoming.conversation)
      }
    case .event(let event):
      handle(event)
    }
  }

  /// Stores the received messages gathered so far and shows the new ones. With the writer
  /// they are stored on its thread: returns true, and the queue waits until they are.
  private func storeGathered() -> Bool {
    guard !gathered.received.isEmpty else { return false }
    let messages = gathered.received
    let origins = gathered.origins
    gathered.received = []
    gathered.origins = [:]
    guard let writer else {
      announce(storeReceived(messages), from: origins)
      return false
    }
    storing = true
    writer.insert(messages) { result in
      MainLoop.post { [weak self] in self?.stored(result, count: messages.count, from: origins) }
    }
    return true
  }

  /// The writer stored a batch: its new messages are shown, and what waited goes on.
  private func stored(
    _ result: Result<[Message], StoreError>, count: Int, from origins: [String: Origin]
  ) {
    storedBatch = (result, count, origins)
    scheduleInbox()
  }

  /// Shows the batch the writer stored, then performs what waited for it.
  private func showStoredBatch() {
    guard let (result, count, origins) = storedBatch else { return }
    storedBatch = nil
    storing = false
    // What the window asks of the client meanwhile waits its turn behind what waited.
    performing = true
    switch result {
    case .success(let messages):
      if !messages.isEmpty { onStored(messages) }
      announce(messages, from: origins)
    case .failure(let error):
      report(error, storing: "\(count) received messages")
    }
    storeGatheredReactions()
    performing = false
    performQueued()
  }

  /// Stores, and shows no one, the messages gathered or queued that wait for a batch.
  private func storeWaitingMessages() {
    var waiting = gathered.received
    for effect in queued[queuedHead...] {
      if case .event(.message(let incoming)) = effect { waiting.append(message(from: incoming)) }
    }
    guard !waiting.isEmpty else { return }
    if let writer {
      writer.insert(waiting) { _ in }
    } else {
      _ = try? store.insertReceived(waiting)
    }
  }

  /// Notifies each new message (only new ones: not a duplicate of a stored one).
  private func announce(_ messages: [Message], from origins: [String: Origin]) {
    for message in messages {
      if let origin = origins[message.id] { onReceived(message, origin.isPrivate, origin.isOwn) }
    }
  }

  private func storeGatheredReactions() {
    guard !gathered.reactions.isEmpty else { return }
    store(gathered.reactions)
    gathered.reactions = []
  }

  /// A reaction heard, as the store keeps it; nil for one in a private chat that does not
  /// exist (a stranger's reaction opens nothing).
  private func reaction(from heard: IRCReaction) -> Reaction? {
    let conversation = conversation(for: heard.conversation)
    if !isChannel(heard.conversation),
      !((try? store.conversations(under: conversation)) ?? []).contains(conversation)
    {
      return nil
    }
    return Reaction(
      conversation: conversation, msgid: heard.msgid, sender: heard.sender, emoji: heard.emoji,
      sentAt: heard.time ?? Date(), isOwn: heard.isOwn, removed: heard.removed)
  }

  private func handle(_ event: IRCEvent) {
    onEvent(event)
    switch event {
    case .stateChanged(let state):
      Log.debug("IRC state \(state)")
      // A new connection has told no one we type.
      if state != .ready { typingPacer.reset() }
      onStatus()
    case .presence:
      onStatus()
    case .ownAway:
      onStatus()
    case .joined(let channel):
      // What was said while we were away, where the server keeps it.
      feed(.catchUp(target: channel, after: newestFromServer(in: conversation(for: channel))))
    case .historyLoading(let target, let loading):
      onHistoryLoading(conversation(for: target), loading)
    case .history(let target, let messages):
      do {
        let stored = try store.insertReceived(messages.map(message(from:)))
        if !stored.isEmpty { onMerged(conversation(for: target)) }
      } catch {
        report(error, storing: "the history of \(target)")
      }
    case .echoConfirmed(let id, let msgid, let time):
      if let written = writtenAt.removeValue(forKey: id) {
        let milliseconds = Date().timeIntervalSince(written) * 1000
        Log.debug("echo of \(id) after \(String(format: "%.2f", milliseconds)) ms")
      }
      Log.debug("\(id) confirmed as \(msgid ?? "no msgid")")
      change { try store.confirm(id: id, msgid: msgid, time: time) }
      onStatus()
    case .deliveryProgress:
      persistOutbox()
    case .lineEchoed(let id, let msgid):
      do {
        try store.noteLine(msgid: msgid, of: id)
      } catch {
        report(error, storing: "a line's msgid")
      }
    case .messageFailed(let id, let reason):
      Log.debug("\(id) failed: \(reason)")
      change { [try store.fail(id: id, reason: reason)].compactMap { $0 } }
      onStatus()
    case .stsUpgrade(let port):
      Log.info("\(url.host) asks for TLS on port \(port) (STS); connecting there")
      upgradedPort = port
    case .stsPolicy(let duration):
      Log.debug("STS policy for \(url.host):\(connectedPort): \(duration) s")
      sts.heard(host: url.host, port: connectedPort, duration: duration)
    case .skippedLine(let line, let error):
      Log.debug("skipped a line from the server (\(error)): \(line.prefix(200))")
    case .reaction:
      break  // stored with the other reactions of its read, in `perform`
    case .channelActivity(let channel, .parted(let nick, _)),
      .channelActivity(let channel, .kicked(let nick, _, _)):
      for target in typingIndicator.left(nick, from: channel) { reportTyping(in: target) }
    case .channelActivity(_, .quit(let nick, _)):
      for target in typingIndicator.left(nick) { reportTyping(in: target) }
    case .userRenamed(let old, let new):
      for target in typingIndicator.renamed(from: old, to: new) { reportTyping(in: target) }
    case .typing(let target, let nick, let state):
      if typingIndicator.heard(nick: nick, state: state, in: target, at: Date()) {
        reportTyping(in: target)
      }
      scheduleTypingWake()
    case .serverError, .motd, .signInFailed, .signedIn, .parted, .kicked, .topic,
      .nickChanged,
      .channelActivity, .registered, .members, .message, .bouncerNetworks,
      .bouncerNetworkChanged, .whois, .awayReply, .serverReply, .ctcpRequest, .ctcpReply,
      .invited, .standardReply, .channelList:
      break
    }
  }

  /// The private chat with `old` follows them to `new` in the store; returns the status line
  /// that says so in it, or nil when there is no such chat.
  private func followRename(from old: String, to new: String) -> Message? {
    let from = conversation(for: old)
    spellings.rename(old, to: new)
    let to = conversation(for: new)
    do {
      guard try store.renameConversation(from: from, to: to) else { return nil }
    } catch {
      report(error, storing: "the private chat with \(old) under \(new)")
      return nil
    }
    onRenamed(from, to, new)
    let now = Date()
    return IRCStatusText.line(for: .userRenamed(from: old, to: new)).map {
      Message.status($0, in: to, at: now, id: arrivalIDs.next(at: now))
    }
  }

  /// The quiet status lines `event` shows as, where `IRCStatusPlacement` puts them.
  private func statusLines(for event: IRCEvent) -> [Message] {
    if case .serverError(let error) = event {
      Log.info("server error \(error.code): \(error.serverText)")
    }
    // Most events (messages, members) show no line: no placement is made for them.
    guard IRCStatusText.line(for: event) != nil else { return [] }
    let chats: [String]
    switch event {
    case .nickChanged, .awayReply, .presence:
      chats = ((try? store.openConversations()) ?? []).filter { conversation in
        url.target(ofConversation: conversation).map { !connection.support.isChannel($0) } ?? false
      }
    default:
      chats = []
    }
    let placement = IRCStatusPlacement(
      conversation: { [unowned self] in conversation(for: $0) },
      isChannel: { [unowned self] in isChannel($0) }, joinedChannels: connection.joinedChannels,
      openChats: chats, onScreen: statusConversation, main: mainConversation)
    let now = Date()
    return placement.lines(for: event, at: now) { arrivalIDs.next(at: now) }
  }

  private func change(_ body: () throws -> [Message]) {
    do {
      for message in try body() { onChanged(message) }
    } catch {
      report(error, storing: "a delivery update")
    }
  }

  /// Stores `messages` on the main thread and shows the new ones; returns those.
  private func storeReceived(_ messages: [Message]) -> [Message] {
    do {
      let stored = try store.insertReceived(messages)
      if !stored.isEmpty { onStored(stored) }
      return stored
    } catch {
      report(error, storing: "\(messages.count) received messages")
      return []
    }
  }

  private func persistOutbox() {
    for entry in connection.pending {
      do {
        try store.updateOutbox(entry)
      } catch {
        Log.warning("could not keep the outbox entry \(entry.message.id): \(error)")
      }
    }
  }

  private func report(_ error: Error, storing what: String) {
    Log.warning("could not store \(what): \(error)")
    onStoreError(
      (error as? StoreError)?.userMessage
        ?? localized("Messages from the server could not be saved."))
  }

  private func message(from incoming: IRCIncomingMessage) -> Message {
    let now = Date()
    // Not the msgid, kept beside it: a server's msgids are in no order.
    var message = Message(
      id: arrivalIDs.next(at: now), sender: incoming.sender,
      sentAt: incoming.time ?? now, body: incoming.body, tags: incoming.tags,
      conversation: incoming.isFromServer
        ? mainConversation : conversation(for: incoming.conversation), msgid: incoming.msgid)
    message.kind = incoming.isAction ? .action : incoming.isNotice ? .notice : .message
    message.mentionsMe = incoming.mentionsMe
    message.clientID = incoming.clientID
    message.formatted = incoming.formatted
    message.replyTo = incoming.replyTo
    return message
  }

  // MARK: The socket

  private func openTransport() {
    transport?.close()
    dropInbox()
    // A host with an STS policy (or one that sent us to TLS) is never reached in plaintext.
    var route = sts.policies.route(host: url.host, port: url.port, tls: url.tls, at: Date())
    if let upgradedPort, !url.tls { route = (upgradedPort, true) }
    if route.tls != url.tls { Log.debug("STS: \(url.host) over TLS on port \(route.port)") }
    connectedPort = route.port
    connection.isSecure = route.tls
    transport = makeTransport(
      url.host, UInt16(clamping: route.port), route.tls, trustedAnywhere.union(pins),
      route.tls ? clientCertificate : nil,
      handlesWholeReads ? G_PRIORITY_DEFAULT : G_PRIORITY_DEFAULT_IDLE
    ) { [weak self] opened, event in
      // A late event from a connection already replaced is ignored.
      guard let self, transport === opened else { return }
      switch event {
      case .connected:
        feed(.connected)
      case .lines(let lines):
        inbox += lines
        if handlesWholeReads {
          handleInboxSlice(all: true)
        } else {
          scheduleInbox()
        }
      case .closed(let reason):
        transport = nil
        guard inboxIsEmpty else {
          afterInbox = { [weak self] in self?.closed(opened, reason: reason) }
          return
        }
        closed(opened, reason: reason)
      }
    }
  }

  private func closed(_ opened: any LineTransport, reason: String?) {
    if let fingerprint = opened.rejectedFingerprint {
      let trust = IRCCertificateTrust(fingerprint: fingerprint, pins: pins)
      onCertificateRefused(trust)
      feed(
        .disconnected(reason: trust.disconnectReason ?? localized("The certificate was refused")))
    } else {
      feed(.disconnected(reason: reason))
    }
    finishQuitting()
  }

  // MARK: The inbox

  /// Handles the next slice of received lines below GTK's redraw priority, so the window
  /// draws a frame between slices however fast the server sends.
  /// With `afterFrame`, a little later, once the frame that is due has been drawn (it is above
  /// the inbox's priority).
  private func scheduleInbox(afterFrame: Bool = false) {
    guard inboxSource == 0 else { return }
    inboxSource = MainLoop.timeout(
      milliseconds: afterFrame ? FrameBudget.waitMilliseconds : 0,
      priority: G_PRIORITY_DEFAULT_IDLE
    ) { [weak self] in
      guard let self else { return false }
      inboxSource = 0
      handleInboxSlice()
      return false
    }
  }

  /// Every line read is handled, its effects performed and its messages stored.
  var inboxIsEmpty: Bool {
    inboxHead >= inbox.count && queuedHead >= queued.count && !storing
  }

  private func handleInboxSlice(all: Bool = false) {
    let started = Date()
    // Ends before the window's next frame is due, which a longer slice would delay.
    let budget = FrameBudget.microsecondsLeft(limit: Int(IRCInboxPacer.longest * 1000))
    let budgetMilliseconds = Double(budget) / 1000
    if budget == 0 && !all {
      scheduleInbox(afterFrame: true)
      return
    }
    // What the writer stored is shown in the slice's time, before more lines are read; a
    // batch too large for what is left before the frame waits for the slice after it.
    let shownLines = storedBatch?.count ?? 0
    if !all, shownLines > 0,
      !pacer.showsNow(
        shownLines, within: budgetMilliseconds,
        afterFrame: Double(FrameBudget.afterFrameMicroseconds) / 1000)
    {
      scheduleInbox(afterFrame: true)
      return
    }
    showStoredBatch()
    // A batch is being stored and effects wait for it: the slice comes when it is stored.
    guard queuedHead >= queued.count else { return }
    let shown = Date().timeIntervalSince(started) * 1000
    if shownLines > 0 { pacer.showTook(shown, lines: shownLines) }
    // With the writer, the lines read now are shown in a later slice, and only their reading
    // has to fit what showing left of this one; without it, both are done here.
    let batch =
      writer == nil
      ? pacer.batch(within: budgetMilliseconds - shown)
      : pacer.readBatch(within: budgetMilliseconds, afterShowing: shown)
    var end = all ? inbox.count : min(inbox.count, inboxHead + batch)
    // The end of a long list is shown in a slice of its own.
    let listEnd = !all && inboxHead < end && IRCInboxPacer.endsList(inbox[inboxHead])
    if listEnd {
      end = inboxHead + 1
    } else if !all, inboxHead + 1 < end,
      let index = inbox[(inboxHead + 1)..<end].firstIndex(where: IRCInboxPacer.endsList)
    {
      end = index
    }
    var effects: [IRCEffect] = []
    for index in inboxHead..<end {
      effects += connection.handle(.lineReceived(IRCText.decode(inbox[index])), at: started)
    }
    let count = end - inboxHead
    inboxHead = end
    if inboxHead >= inbox.count {
      inbox.removeAll(keepingCapacity: inbox.count < 4096)
      inboxHead = 0
    }
    // The slice's messages are stored in one transaction, then shown: here, or with the
    // writer in the slice after it has stored them.
    perform(effects)
    let spent = Date().timeIntervalSince(started) * 1000
    if !listEnd, count > 0 {
      // A line costs its reading here and its showing, which with the writer was the lines
      // of the batch shown first.
      let perLine =
        shownLines > 0
        ? (spent - shown) / Double(count) + shown / Double(shownLines) : spent / Double(count)
      pacer.sliceTook(perLine * Double(count), lines: count)
    }
    if spent > 30 { Log.debug("\(count) lines took \(Int(spent)) ms") }
    if inboxHead < inbox.count { scheduleInbox() }
  }

  /// Every effect queued is performed: the connection's end that waited for the lines before
  /// it comes.
  private func inboxMayGoOn() {
    if inboxIsEmpty, let after = afterInbox {
      afterInbox = nil
      after()
    }
  }

  /// Lines of a connection that is gone are never handled.
  private func dropInbox() {
    MainLoop.cancel(inboxSource)
    inboxSource = 0
    // A stored batch is still shown, and what waits for it performed.
    if storedBatch != nil { scheduleInbox() }
    inbox = []
    inboxHead = 0
    afterInbox = nil
  }
}

extension IRCEffect {
  /// Whether performing this changes stored rows, so that the received messages before it
  /// are stored first.
  fileprivate var changesStoredRows: Bool {
    switch self {
    case .event(.history), .event(.echoConfirmed), .event(.deliveryProgress),
      .event(.messageFailed), .event(.userRenamed):
      return true
    default:
      return false
    }
  }
}
