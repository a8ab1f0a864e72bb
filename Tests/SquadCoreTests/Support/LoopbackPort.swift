import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback port held for as long as the value lives, by a TCP socket bound to it. Holding the
/// port, rather than stopping a server and hoping, keeps a parallel test's server from taking it.
final class LoopbackPort: Sendable {
  /// What a client connecting to the port meets.
  enum Behaviour {
    /// The socket never listens: connections are refused at once.
    case refusing
    /// The socket listens but never accepts: connections hang in the backlog, and nothing answers.
    case silent
  }

  /// A Marvel API base on the port.
  let baseURL: String
  private let descriptor: Int32

  init(_ behaviour: Behaviour = .refusing) throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SimulatorError.didNotStart }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
      }
    }
    guard bound, behaviour == .refusing || listen(descriptor, 1) == 0 else {
      close(descriptor)
      throw SimulatorError.didNotStart
    }
    self.descriptor = descriptor
    baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/v1/public"
  }

  deinit { close(descriptor) }
}
