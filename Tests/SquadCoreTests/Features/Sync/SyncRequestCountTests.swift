import Foundation
import Testing

@testable import SquadCore

/// Found by the hostile-server attack of issue 15: against a server promising 9,999,999 heroes
/// and sending 250, `sync` said "3 requests" while the server logged 11. The summary counted the
/// pages it used, not the requests in flight when the listing ended, which went on the wire all
/// the same. It now counts what the client sent.
@Suite struct SyncRequestCountTests {
  /// 250 heroes under a `total` of 9,999,999: full pages at 0 and 100, a short one at 200, empty
  /// pages after. The short page is held back until every page in progress has been asked for,
  /// so those requests are certainly sent before the listing ends.
  final class LyingTotalTransport: HTTPTransport {
    private let state = Mutex<(offsets: [Int], held: [CheckedContinuation<Void, Never>])>(([], []))
    /// Requests for pages 0 and 100 … 1,000: the first page and ten in progress.
    let holdShortPageUntil = 1 + SyncEffects.pagesInProgress

    var offsets: [Int] { state.withLock { $0.offsets } }

    func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
      let offset =
        URLComponents(string: request.url)?.queryItems?.first { $0.name == "offset" }?.value
        .flatMap { Int($0) } ?? 0
      await withCheckedContinuation { continuation in
        let release: [CheckedContinuation<Void, Never>] = state.withLock { state in
          state.offsets.append(offset)
          if offset == 200 { state.held.append(continuation) } else { continuation.resume() }
          guard state.offsets.count >= holdShortPageUntil else { return [] }
          defer { state.held = [] }
          return state.held
        }
        for held in release { held.resume() }
      }
      let count = offset < 200 ? 100 : offset == 200 ? 50 : 0
      let heroes = (0..<count).map { "{\"id\": \(offset + $0 + 1), \"name\": \"Hero \(offset + $0 + 1)\"}" }
      let body = """
        {"code": 200, "status": "Ok", "attributionText": "Data provided by Marvel.", "etag": "e\(offset)",
         "data": {"offset": \(offset), "limit": 100, "total": 199999, "count": \(count),
                  "results": [\(heroes.joined(separator: ","))]}}
        """
      return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
    }
  }

  @Test @MainActor func theSummaryCountsEveryRequestSentNotOnlyThePagesUsed() async throws {
    let transport = LyingTotalTransport()
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    squad.transport = transport
    let result = await squad.run(["--base-url", "http://127.0.0.1:9/v1/public", "sync", "--json"])
    #expect(result.code == 1, "a short listing: \(result.err)")
    let report = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(report?["pages"] as? Int == 3, "pages 0, 100 and 200 were used")
    let sent = transport.offsets.count
    #expect(sent >= transport.holdShortPageUntil, "the pages in progress were asked for: \(transport.offsets)")
    #expect(report?["requests"] as? Int == sent)
    #expect(result.err.hasPrefix("Synced 250 heroes (\(sent) requests)."), "\(result.err)")
  }
}
