import Foundation
import Testing

@testable import SquadCore

/// Found by the fuzzer: hostile paging numbers from the API. `offset + count` overflowed in
/// `heroes --all`, a `total` of 10¹² made a sync plan billions of pages, and a server that
/// ignores `offset` kept `heroes --all` asking for the same page forever.
@Suite struct HostilePagingTests {
  /// Answers every request with the same body, counting requests.
  final class SamePageTransport: HTTPTransport {
    let body: Data
    let requests = Mutex(0)
    init(_ body: Data) { self.body = body }
    func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
      requests.withLock { $0 += 1 }
      return .success(HTTPResponse(status: 200, body: body))
    }
  }

  /// `characters.json` (offset 40, 3 heroes of 1562) with one paging number replaced.
  static func page(_ key: String, _ value: Int) -> Data {
    let text = String(decoding: Fixture.data("characters.json"), as: UTF8.self)
    let original = key == "offset" ? "\"offset\": 40" : key == "total" ? "\"total\": 1562" : "\"\(key)\": 3"
    return Data(text.replacingOccurrences(of: original, with: "\"\(key)\": \(value)").utf8)
  }

  @MainActor func run(_ arguments: [String], _ transport: SamePageTransport) async throws -> (code: Int32, err: String) {
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": "pub", "MARVEL_PRIVATE_KEY": "priv"]
    squad.transport = transport
    let result = await squad.run(["--base-url", "http://127.0.0.1:9/v1/public"] + arguments)
    return (result.code, result.err)
  }

  @Test(arguments: [("offset", Int.max), ("offset", -1), ("total", 1_000_000_000_000), ("total", Int.max), ("count", -5)])
  @MainActor func impossiblePagingNumbersAreAnInvalidAnswer(key: String, value: Int) async throws {
    for command in [["heroes", "--all"], ["sync"], ["heroes"]] {
      let result = try await run(command, SamePageTransport(Self.page(key, value)))
      #expect(result.code == 65, "\(command)")
      #expect(result.err.contains("at data.\(key): \(value) is not a count between 0 and"), "\(result.err)")
    }
  }

  @Test @MainActor func allHeroesStopsWhenTheServerIgnoresTheOffset() async throws {
    let transport = SamePageTransport(Self.page("offset", 0))
    let result = try await run(["heroes", "--all"], transport)
    #expect(result.code == 0)
    // The first page, then the pages already in progress when the first of them (offset 3,
    // answered as offset 0) ends the listing.
    #expect(transport.requests.withLock { $0 } <= 1 + APIHeroDirectory.pagesInProgress)
  }

  @Test func theNextOffsetFollowsTheWindowAskedFor() {
    let source = DataSource.api(attribution: "")
    let heroes = [Sample.hulk, Sample.thor]
    let page = { (offset: Int, total: Int) in HeroPage(heroes: heroes, offset: offset, total: total, source: source) }
    #expect(page(10, 100).nextOffset(requested: 10) == 12)
    #expect(page(10, 12).nextOffset(requested: 10) == nil)
    #expect(page(0, 100).nextOffset(requested: 10) == nil)
    #expect(page(.max - 1, .max).nextOffset(requested: .max - 1) == nil)
    #expect(HeroPage(heroes: [], offset: 0, total: 9, source: source).nextOffset(requested: 0) == nil)
  }
}
