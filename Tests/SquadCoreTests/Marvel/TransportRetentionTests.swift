import Foundation
import Testing

@testable import SquadCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Found by `scripts/bench`: a sync of 100,000 characters against a fast server peaked at 600 MB.
/// Each request's deadline timer kept its exchange alive for the whole timeout, and the exchange
/// kept its answer, so every body of the last 10 seconds was held at once. An exchange that has
/// handed its answer over must be gone, however far away its deadline is.
///
/// The exchange is driven by hand here, and never cancels its task (a refused redirect ends it
/// without cancelling): the task goes to a refusing port and ends by itself. A task cancelled
/// just as it ends by itself, in a session without a delegate, makes FoundationNetworking trap
/// ("a task that is not in the registry"), which is not what these tests are about.
@Suite struct TransportRetentionTests {
  @Test func anAnsweredExchangeIsFreedLongBeforeItsDeadline() async throws {
    let body = Data(repeating: 7, count: 4_096)
    let (result, freed) = try await drive { exchange, url in
      exchange.append(body)
      exchange.complete(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]), nil)
    }
    #expect(try result.get().body == body)
    #expect(freed, "the deadline timer (an hour away) still holds the exchange and its answer")
  }

  @Test func aFailedExchangeIsFreedLongBeforeItsDeadline() async throws {
    let (result, freed) = try await drive { exchange, _ in
      exchange.append(Data(count: 9))
      exchange.redirect(to: URL(string: "file:///etc/hostname")) { followed in #expect(!followed) }
    }
    #expect(result == .failure(.redirectRefused(scheme: "file")))
    #expect(freed, "the deadline timer (an hour away) still holds the exchange")
  }

  /// Starts an exchange with its deadline an hour away, lets `end` answer it, and says what it
  /// answered and whether the exchange was freed once it had.
  private func drive(_ end: @escaping @Sendable (URLSessionTransport.Exchange, URL) -> Void) async throws
    -> (Result<HTTPResponse, TransportError>, freed: Bool)
  {
    let port = try LoopbackPort(.refusing)
    defer { withExtendedLifetime(port) {} }
    let url = try #require(URL(string: port.baseURL + "/characters"))
    let session = URLSession(configuration: FoundationNetworkDefaults.configuration())
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: url)
    weak var weakExchange: URLSessionTransport.Exchange?
    let result = await { () async -> Result<HTTPResponse, TransportError> in
      let exchange = URLSessionTransport.Exchange(bodyLimit: 1 << 20)
      weakExchange = exchange
      return await withCheckedContinuation { continuation in
        exchange.start(task, deadline: 3_600, resuming: continuation)
        end(exchange, url)
      }
    }()
    return (result, weakExchange == nil)
  }
}
