import Foundation

@testable import SquadCore

/// A scripted network: answers requests in order from a queue and records every request, so
/// client tests need no sockets.
final class StubTransport: HTTPTransport {
  private let state = Mutex<(answers: [Result<HTTPResponse, TransportError>], requests: [HTTPRequest])>(([], []))

  init(_ answers: [Result<HTTPResponse, TransportError>] = []) { state.withLock { $0.answers = answers } }

  /// Queues more answers.
  func enqueue(_ answers: Result<HTTPResponse, TransportError>...) { state.withLock { $0.answers += answers } }

  /// Every request sent so far.
  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
    state.withLock { state in
      state.requests.append(request)
      guard !state.answers.isEmpty else { return .failure(.other("the stub ran out of answers")) }
      return state.answers.removeFirst()
    }
  }

  /// A 200 with a fixture body and an ETag.
  static func ok(_ fixture: String, etag: String? = nil) -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: 200, headers: etag.map { ["ETag": $0] } ?? [:], body: Fixture.data(fixture)))
  }

  /// Any status with a body.
  static func status(_ code: Int, _ body: String = "", headers: [String: String] = [:]) -> Result<
    HTTPResponse, TransportError
  > {
    .success(HTTPResponse(status: code, headers: headers, body: Data(body.utf8)))
  }
}

/// A clock that only moves when the code under test sleeps (or the test says so), recording
/// every sleep, so retry tests are exact and instant.
final class TestClock: Sendable {
  private let state = Mutex<(now: Date, sleeps: [Double])>((Date(timeIntervalSince1970: 1_800_000_000), []))

  var now: Date { state.withLock { $0.now } }
  var sleeps: [Double] { state.withLock { $0.sleeps } }

  func advance(by seconds: Double) { state.withLock { $0.now.addTimeInterval(seconds) } }

  /// An environment on this clock, with fixed jitter and numbered timestamps.
  func environment(jitter: Double = 0) -> MarvelClientEnvironment {
    let counter = Mutex(0)
    return MarvelClientEnvironment(
      now: { self.now },
      sleep: { seconds in
        self.state.withLock {
          $0.sleeps.append(seconds)
          $0.now.addTimeInterval(seconds)
        }
      },
      jitter: { jitter },
      timestamp: {
        counter.withLock {
          $0 += 1
          return "ts\($0)"
        }
      })
  }
}

/// Credentials for tests; the private key is distinctive so leak checks cannot miss it.
enum TestKeys {
  static let publicKey = "test-public-key-1234"
  static let privateKey = "PRIVATE-k3y-must-never-leak-9f8e7d"
  static let credentials = MarvelCredentials(publicKey: publicKey, privateKey: privateKey)
}
