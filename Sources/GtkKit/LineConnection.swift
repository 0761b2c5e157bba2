import CGtk
import Foundation

/// A line-based TCP or TLS connection on GIO (GSocketClient, TLS through glib-networking),
/// asynchronous on the main loop: reads arrive as batches of lines, writes are queued and
/// never block. It knows nothing of IRC; the owner decodes the lines.
@MainActor
public final class LineConnection {
  /// What happened; each connection reports `connected` at most once and `closed` exactly once.
  public enum Event: Sendable {
    case connected
    /// Every complete line of one read, without CR LF, in order.
    case lines([[UInt8]])
    /// The connection failed or ended; the reason in plain words, nil for an orderly close.
    case closed(reason: String?)
  }

  /// Refuse lines longer than this (IRC allows 8191 bytes of tags plus 512), so a peer that
  /// never sends a newline cannot grow the buffer without end.
  public static let maxLineBytes = 16 * 1024

  /// The SHA-256 fingerprint of a certificate the system store did not accept, set before
  /// `closed`, so the window can offer to trust it.
  public private(set) var rejectedFingerprint: String?

  private let onEvent: @MainActor (LineConnection, Event) -> Void
  private let pinnedFingerprints: Set<String>
  /// Shown to the server in the TLS handshake (SASL `EXTERNAL`); owned.
  private var clientCertificate: UnsafeMutablePointer<GTlsCertificate>?
  private let readPriority: Int32
  private let client: UnsafeMutablePointer<GSocketClient>
  private let cancellable: UnsafeMutablePointer<GCancellable>
  private var stream: UnsafeMutablePointer<GSocketConnection>?
  /// GIO fills this while a read is under way, so it must not move: malloc'd, not an array.
  /// 16 KB (a few hundred lines) per main-loop turn keeps a burst from stalling the window:
  /// frames are drawn between reads.
  private static let readSize = 16 * 1024
  private let readBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: LineConnection.readSize)
  private var partial: [UInt8] = []
  private var queued: [UInt8] = []
  private var writing = false
  private var finished = false

  /// Starts connecting to `host`:`port` at once.
  /// - Parameters:
  ///   - pinned: fingerprints the user trusted, accepted even when the system store refuses
  ///     their certificate.
  ///   - clientCertificate: a PEM file with a certificate and its key, shown in the TLS
  ///     handshake; one that cannot be read ends the connection with the reason.
  ///   - readPriority: the main-loop priority of reads; below GTK's redraw, a flood of lines
  ///     cannot keep the window from drawing.
  ///   - connectTimeout: seconds to reach the server and finish the TLS handshake; it bounds
  ///     connecting only, never a connection that is quiet once made.
  public init(
    host: String, port: UInt16, tls: Bool, pinned: Set<String> = [],
    clientCertificate path: String? = nil, readPriority: Int32 = G_PRIORITY_DEFAULT,
    connectTimeout: UInt32 = 30,
    onEvent: @escaping @MainActor (LineConnection, Event) -> Void
  ) {
    self.onEvent = onEvent
    self.readPriority = readPriority
    pinnedFingerprints = Set(pinned.map(Self.normalized))
    client = g_socket_client_new()
    cancellable = g_cancellable_new()
    g_socket_client_set_tls(client, tls ? 1 : 0)
    g_socket_client_set_timeout(client, connectTimeout)
    if tls, let path {
      do {
        clientCertificate = try ClientCertificate.load(path)
      } catch {
        // Reported once the owner holds this connection, as every other failure is.
        let reason = error.sentence
        Log.warning("client certificate \(path): \(reason)")
        _ = MainLoop.idle(priority: G_PRIORITY_DEFAULT) { [weak self] in
          self?.finish(reason: reason)
        }
        return
      }
    }
    if tls { watchHandshake() }
    let box = Unmanaged.passRetained(self).toOpaque()
    let done: GAsyncReadyCallback = { source, result, data in
      guard let data else { return }
      let connection = Unmanaged<LineConnection>.fromOpaque(data).takeRetainedValue()
      MainActor.assumeIsolated { connection.connectFinished(source: source, result: result) }
    }
    g_socket_client_connect_to_host_async(client, host, port, cancellable, done, box)
  }

  isolated deinit {
    g_cancellable_cancel(cancellable)
    g_object_unref(raw(cancellable))
    g_object_unref(raw(client))
    if let stream { g_object_unref(raw(stream)) }
    if let clientCertificate { g_object_unref(raw(clientCertificate)) }
    readBuffer.deallocate()
  }

  /// Queues `line` plus CR LF; written as soon as the socket takes it.
  /// Writes `line` and CR LF. A line holds no CR, LF or NUL: anything from the first of them
  /// on is not written, so no caller can put a second line on the wire.
  public func write(_ line: String) {
    guard !finished else { return }
    let bytes = line.utf8
    if let end = bytes.firstIndex(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
      Log.warning("a line to write held a line break or NUL; only what came before it is sent")
      queued.append(contentsOf: bytes[..<end])
    } else {
      queued.append(contentsOf: bytes)
    }
    queued.append(contentsOf: [13, 10])
    flush()
  }

  /// Closes without reporting `closed`: the owner already knows.
  public func close() {
    guard !finished else { return }
    finished = true
    g_cancellable_cancel(cancellable)
    if let stream { g_io_stream_close(cast(stream), nil, nil) }
  }

  /// lowercase hex without separators, so `AB:CD…` and `abcd…` pin the same certificate.
  public static func normalized(_ fingerprint: String) -> String {
    fingerprint.lowercased().filter(\.isHexDigit)
  }

  // MARK: Connecting

  private func watchHandshake() {
    // "event" hands over the TLS connection before its handshake; "accept-certificate" on it
    // runs only when the system store refused the certificate.
    typealias EventHandler =
      @convention(c) (
        OpaquePointer?, UInt32, OpaquePointer?, UnsafeMutablePointer<GIOStream>?,
        UnsafeMutableRawPointer?
      ) -> Void
    let onClientEvent: EventHandler = { _, event, _, stream, data in
      guard event == G_SOCKET_CLIENT_TLS_HANDSHAKING.rawValue, let stream, let data else { return }
      let owner = Unmanaged<LineConnection>.fromOpaque(data).takeUnretainedValue()
      MainActor.assumeIsolated { owner.present(on: stream) }
      typealias AcceptHandler =
        @convention(c) (
          OpaquePointer?, UnsafeMutablePointer<GTlsCertificate>?, UInt32, UnsafeMutableRawPointer?
        ) -> gboolean
      let accept: AcceptHandler = { _, certificate, _, data in
        guard let data, let certificate else { return 0 }
        let connection = Unmanaged<LineConnection>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { connection.accept(certificate) ? 1 : 0 }
      }
      g_signal_connect_data(
        raw(stream), "accept-certificate", unsafeBitCast(accept, to: GCallback.self), data, nil,
        GConnectFlags(0))
    }
    // Unretained: the client dies with this object, so its handlers never outlive it.
    g_signal_connect_data(
      raw(client), "event", unsafeBitCast(onClientEvent, to: GCallback.self),
      Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
  }

  /// Gives the TLS connection our client certificate before its handshake.
  private func present(on stream: UnsafeMutablePointer<GIOStream>) {
    guard let clientCertificate else { return }
    g_tls_connection_set_certificate(cast(stream), clientCertificate)
  }

  private func accept(_ certificate: UnsafeMutablePointer<GTlsCertificate>) -> Bool {
    guard let hex = natter_tls_certificate_sha256(certificate) else { return false }
    defer { g_free(hex) }
    let fingerprint = String(cString: hex)
    if pinnedFingerprints.contains(fingerprint) { return true }
    rejectedFingerprint = fingerprint
    return false
  }

  private func connectFinished(
    source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?
  ) {
    var error: UnsafeMutablePointer<GError>?
    let connection = g_socket_client_connect_to_host_finish(client, result, &error)
    guard !finished else {
      if let connection { g_object_unref(raw(connection)) }
      g_clear_error(&error)
      return
    }
    guard let connection else {
      fail(error)
      return
    }
    // GSocketClient leaves its timeout on the socket, where it would end any read that waits
    // longer: a quiet channel is silent for minutes, and servers ping every few. Whether the
    // server still answers is the owner's PING to judge (IRCLiveness).
    g_socket_set_timeout(g_socket_connection_get_socket(connection), 0)
    stream = connection
    onEvent(self, .connected)
    read()
    flush()
  }

  // MARK: Reading

  private func read() {
    guard !finished, let stream else { return }
    let input = g_io_stream_get_input_stream(cast(stream))
    let box = Unmanaged.passRetained(self).toOpaque()
    let done: GAsyncReadyCallback = { source, result, data in
      guard let data else { return }
      let connection = Unmanaged<LineConnection>.fromOpaque(data).takeRetainedValue()
      MainActor.assumeIsolated { connection.readFinished(source: source, result: result) }
    }
    g_input_stream_read_async(
      input, readBuffer, gsize(Self.readSize), readPriority, cancellable, done, box)
  }

  private func readFinished(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    let count = g_input_stream_read_finish(cast(source), result, &error)
    guard !finished else {
      g_clear_error(&error)
      return
    }
    if count < 0 {
      fail(error)
      return
    }
    if count == 0 {
      finish(reason: localized("The server closed the connection"))
      return
    }
    var lines: [[UInt8]] = []
    var start = 0
    for index in 0..<count where readBuffer[index] == 10 {
      var line = partial + UnsafeBufferPointer(start: readBuffer + start, count: index - start)
      partial.removeAll(keepingCapacity: true)
      if line.last == 13 { line.removeLast() }
      lines.append(line)
      start = index + 1
    }
    partial.append(contentsOf: UnsafeBufferPointer(start: readBuffer + start, count: count - start))
    if partial.count > Self.maxLineBytes {
      finish(
        reason: localized(
          "The server sent a line longer than {count} bytes",
          ("count", String(Self.maxLineBytes))))
      return
    }
    if !lines.isEmpty { onEvent(self, .lines(lines)) }
    read()
  }

  // MARK: Writing

  private func flush() {
    guard !writing, !finished, !queued.isEmpty, let stream else { return }
    writing = true
    let output = g_io_stream_get_output_stream(cast(stream))
    let count = queued.count
    // GIO reads the buffer until the callback; a malloc'd copy outlives any Swift array.
    guard let buffer = malloc(count) else { return }
    queued.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: count) }
    queued.removeAll(keepingCapacity: true)
    let context = Unmanaged.passRetained(WriteContext(self, buffer)).toOpaque()
    let done: GAsyncReadyCallback = { source, result, data in
      guard let data else { return }
      let context = Unmanaged<WriteContext>.fromOpaque(data).takeRetainedValue()
      free(context.buffer)
      MainActor.assumeIsolated { context.owner.writeFinished(source: source, result: result) }
    }
    g_output_stream_write_all_async(
      output, buffer, gsize(count), G_PRIORITY_DEFAULT, cancellable, done, context)
  }

  private func writeFinished(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    let ok = g_output_stream_write_all_finish(cast(source), result, nil, &error)
    writing = false
    guard !finished else {
      g_clear_error(&error)
      return
    }
    guard ok != 0 else {
      fail(error)
      return
    }
    flush()
  }

  // MARK: Ending

  private func fail(_ error: UnsafeMutablePointer<GError>?) {
    var error = error
    let reason = error.map(Self.sentence) ?? localized("The connection failed")
    g_clear_error(&error)
    finish(reason: reason)
  }

  private func finish(reason: String?) {
    guard !finished else { return }
    finished = true
    g_cancellable_cancel(cancellable)
    if let stream { g_io_stream_close(cast(stream), nil, nil) }
    onEvent(self, .closed(reason: reason))
  }

  /// GIO's error in plain words: the common failures by their code, others in GIO's words.
  static func sentence(_ error: UnsafeMutablePointer<GError>) -> String {
    let detail = string(error.pointee.message) ?? ""
    let domain = error.pointee.domain
    let code = error.pointee.code
    if domain == g_io_error_quark() {
      switch GIOErrorEnum(UInt32(code)) {
      case G_IO_ERROR_CONNECTION_REFUSED: return localized("The server refused the connection")
      case G_IO_ERROR_TIMED_OUT: return localized("The server did not answer in time")
      case G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_NETWORK_UNREACHABLE:
        return localized("The server cannot be reached from this network")
      case G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE:
        return localized("The server closed the connection")
      default: break
      }
    }
    if domain == g_resolver_error_quark() {
      return localized("The server's name could not be found ({detail})", ("detail", detail))
    }
    if domain == g_tls_error_quark() {
      if code == Int32(G_TLS_ERROR_BAD_CERTIFICATE.rawValue) {
        return localized("The server's certificate is not trusted")
      }
      return localized("The secure connection failed ({detail})", ("detail", detail))
    }
    return detail.isEmpty ? localized("The connection failed") : detail
  }
}

/// The buffer of one write and its owner, kept alive together until GIO calls back.
private final class WriteContext {
  let owner: LineConnection
  let buffer: UnsafeMutableRawPointer
  init(_ owner: LineConnection, _ buffer: UnsafeMutableRawPointer) {
    self.owner = owner
    self.buffer = buffer
  }
}

/// A connection of lines, as its owner uses it once open: `LineConnection` over GIO, or a fake
/// in tests, so the code that talks IRC through one is tested without a socket.
@MainActor
public protocol LineTransport: AnyObject {
  /// Writes `line` and CR LF.
  func write(_ line: String)
  /// Closes without reporting `closed`.
  func close()
  /// A server certificate the system refused and no pin accepted, by its fingerprint.
  var rejectedFingerprint: String? { get }
}

extension LineConnection: LineTransport {}
