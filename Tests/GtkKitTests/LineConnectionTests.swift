import Foundation
import Glibc
import TestSupport
import Testing

@testable import GtkKit

/// The line connection under IRC: a quiet server is not a dead one.
@Suite struct LineConnectionTests {
  /// IRC servers may say nothing for minutes (they ping every two to five); GSocketClient's
  /// timeout, left on the socket, ended every read that waited longer than it with "The server
  /// did not answer in time", so a quiet channel reconnected every 30 s.
  @MainActor @Test func aQuietConnectionOutlivesTheConnectTimeout() throws {
    let server = try QuietServer()
    var connected = false
    var lines: [String] = []
    var closed: String?
    let connection = LineConnection(
      host: "127.0.0.1", port: server.port, tls: false, connectTimeout: 1
    ) { _, event in
      switch event {
      case .connected: connected = true
      case .lines(let read): lines += read.map { String(decoding: $0, as: UTF8.self) }
      case .closed(let reason): closed = reason ?? "closed"
      }
    }
    #expect(Wait.until(timeout: 5) { connected || closed != nil })
    #expect(closed == nil)
    // Three times the timeout with nothing said; a read still bound by it failed after one.
    let quietUntil = Date().addingTimeInterval(3)
    Wait.until(timeout: 4) { Date() >= quietUntil || closed != nil }
    #expect(closed == nil)
    try server.send("PING :still here")
    #expect(Wait.until(timeout: 5) { lines.contains("PING :still here") || closed != nil })
    #expect(closed == nil)
    connection.close()
  }
}

/// A server on a loopback port that accepts one client and says nothing until asked.
private final class QuietServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  /// Set by the accepting thread before `accepted` is signalled.
  private var client: Int32 = -1
  private let accepted = DispatchSemaphore(value: 0)

  struct Failure: Error { let call: String }

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure(call: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 1) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw Failure(call: "bind")
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in
      client = accept(listener, nil, nil)
      accepted.signal()
    }
  }

  /// Writes `line` and CR LF to the client, once it has connected.
  func send(_ line: String) throws {
    guard accepted.wait(timeout: .now() + 5) == .success, client >= 0 else {
      throw Failure(call: "accept")
    }
    let bytes = Array((line + "\r\n").utf8)
    guard write(client, bytes, bytes.count) == bytes.count else { throw Failure(call: "write") }
  }

  deinit {
    if client >= 0 { close(client) }
    close(listener)
  }
}
