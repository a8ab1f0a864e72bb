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

  @MainActor func run(_ arguments: [String], _ transport: SamePageTransport) async throws -> (code: Int32, err: String)
  {
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    squad.transport = transport
    let result = await squad.run(["--base-url", "http://127.0.0.1:9/v1/public"] + arguments)
    return (result.code, result.err)
  }

  @Test(arguments: [
    ("offset", Int.max), ("offset", -1), ("total", 1_000_000_000_000), ("total", Int.max), ("count", -5),
  ])
  @MainActor func impossiblePagingNumbersAreAnInvalidAnswer(key: String, value: Int) async throws {
    for command in [["heroes", "--all"], ["sync"], ["heroes"]] {
      let result = try await run(command, SamePageTransport(Self.page(key, value)))
      #expect(result.code == 65, "\(command)")
      #expect(result.err.contains("at data.\(key): \(value) is not a count between 0 and"), "\(result.err)")
    }
  }

  /// Found by the attack: a total below the page's own heroes made a sync say "Synced 3 heroes", exit 0.
  @Test @MainActor func aTotalBelowThePagesOwnHeroesIsAnInvalidAnswer() async throws {
    for command in [["heroes", "--all"], ["sync"], ["heroes"]] {
      let result = try await run(command, SamePageTransport(Self.page("total", 5)))
      #expect(result.code == 65, "\(command): \(result.err)")
      #expect(
        result.err.contains("at data.total: 5 is fewer than the 43 heroes up to the end of this page"), "\(result.err)")
    }
    let exact = try await run(["heroes", "--all"], SamePageTransport(Self.page("total", 43)))
    #expect(exact.code != 65 && !exact.err.contains("fewer than"), "a total the page reaches exactly: \(exact.err)")
  }

  /// Found by the attack: a page claiming `count: 100` over 3 results synced "3 heroes", exit 0.
  @Test(arguments: [100, 0, 2]) @MainActor func aCountOtherThanThePagesResultsIsAnInvalidAnswer(count: Int)
    async throws
  {
    for command in [["heroes", "--all"], ["sync"], ["heroes"]] {
      let result = try await run(command, SamePageTransport(Self.page("count", count)))
      #expect(result.code == 65, "\(command): \(result.err)")
      #expect(
        result.err.contains("at data.count: \(count) is not the number of results this page holds (3)"),
        "\(result.err)")
    }
  }

  /// Found by the attack: an answer to `recruit hulk` holding no Hulk said "No hero is named
  /// 'hulk'. Did you mean …" and then offered the local catalogue's Hulk.
  @Test @MainActor func aNameTheAPIDoesNotKnowButTheCatalogueHasIsSaidSo() async throws {
    let empty = Data(#"{"code":200,"data":{"offset":0,"limit":100,"total":0,"count":0,"results":[]}}"#.utf8)
    let one = try await run(["recruit", "hulk"], SamePageTransport(empty))
    #expect(one.code == 3, "\(one.err)")
    #expect(!one.err.contains("No hero is named"), "\(one.err)")
    #expect(
      one.err.contains(
        "The Marvel API knows no hero named 'hulk', but the local catalogue has one; name it by id to use the local "
          + "catalogue's record:\n  1009351\tHulk\t1,798 comics\n"), "\(one.err)")
    let some = try await run(["recruit", "hul"], SamePageTransport(empty))
    #expect(some.code == 3 && some.err.contains("has heroes whose names start with it; name one by id"), "\(some.err)")
    #expect(some.err.contains("1009355\tHulkling"), "\(some.err)")
    let none = try await run(["recruit", "zzzq"], SamePageTransport(empty))
    #expect(none.code == 3 && none.err.contains("No hero is named 'zzzq'. Did you mean"), "\(none.err)")
  }

  /// Found by the attack: an answer to `nameStartsWith=hulk` holding Hulkling alone made
  /// `recruit hulk` recruit Hulkling, although the local catalogue has Hulk by that very name.
  @Test @MainActor func aLonePrefixMatchFromTheAPIDoesNotStandInForTheCataloguesExactName() async throws {
    let hulkling = Data(
      #"{"code":200,"data":{"offset":0,"limit":100,"total":1,"count":1,"results":[{"id":1009355,"name":"Hulkling"}]}}"#
        .utf8)
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    squad.transport = SamePageTransport(hulkling)
    let api = ["--base-url", "http://127.0.0.1:9/v1/public"]
    let local =
      "The Marvel API knows no hero named 'hulk', but the local catalogue has one; name it by id to use the "
      + "local catalogue's record:\n  1009351\tHulk\t"
    for command in [["recruit", "hulk"], ["show", "hulk"]] {
      let result = await squad.run(api + command)
      #expect(result.code == 3 && result.err.contains(local), "\(command): \(result.err)")
    }
    #expect(await squad.run(api + ["recruit", "1009355"]).code == 0)
    let fire = await squad.run(api + ["fire", "--yes", "hulk"])
    #expect(fire.code == 3 && fire.err.contains(local), "\(fire.err)")
    #expect(await squad.run(["list", "--offline"]).out.hasPrefix("1009355\tHulkling\t"))
    let prefix = await squad.run(api + ["fire", "--yes", "hulkl"])
    #expect(
      prefix.code == 0 && (prefix.out + prefix.err).contains("Fired Hulkling"),
      "a prefix only Hulkling has: \(prefix.err)")
  }

  @Test @MainActor func allHeroesStopsWhenTheServerIgnoresTheOffset() async throws {
    let transport = SamePageTransport(Self.page("offset", 0))
    let result = try await run(["heroes", "--all"], transport)
    // Three heroes where a hundred were asked for: the listing is short, and says so.
    #expect(result.code == 1)
    #expect(result.err.contains("promised 1,562 heroes but sent 3"), "\(result.err)")
    #expect(transport.requests.withLock { $0 } == 1)
  }

  @Test func theListingGoesOnOnlyAfterAFullPageAtTheOffsetAskedFor() {
    func after(_ requested: Int, count: Int, offset: Int? = nil, total: Int, limit: Int = 100) -> ListingPaging {
      ListingPaging.after(requested: requested, limit: limit, offset: offset ?? requested, count: count, total: total)
    }
    #expect(after(0, count: 100, total: 250) == .next(100))
    #expect(after(200, count: 50, total: 250) == .complete)
    #expect(after(100, count: 50, total: 250) == .short, "a short middle page")
    #expect(after(100, count: 0, total: 250) == .short, "an empty middle page")
    #expect(after(300, count: 0, total: 250) == .complete, "asked past the end")
    #expect(after(100, count: 100, offset: 0, total: 250) == .short, "the window was not the one asked for")
    #expect(after(.max - 1, count: 100, total: .max) == .complete, "no overflow")
    #expect(after(0, count: 2, total: 9, limit: .max) == .short)
    #expect(after(0, count: 9, total: 9, limit: .max) == .complete)
  }

  /// Found by the attack: a server sending more than `--limit` decided how many rows a script got.
  @Test @MainActor func onePageNeverHoldsMoreThanTheLimitAskedFor() async throws {
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    squad.transport = SamePageTransport(Self.page("offset", 0))
    let result = await squad.run([
      "--base-url", "http://127.0.0.1:9/v1/public", "heroes", "--limit", "2", "--format", "tsv",
    ])
    #expect(result.code == 0, "\(result.err)")
    #expect(result.out.split(separator: "\n").count == 2, "\(result.out)")
  }

  /// Answers every page of 100 with a total 200 past its end: a catalogue that grows forever.
  final class GrowingTransport: HTTPTransport {
    let requests = Mutex(0)
    func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
      requests.withLock { $0 += 1 }
      let query = URLComponents(string: request.url)?.queryItems ?? []
      let offset = query.first { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
      let heroes = (offset..<offset + 100).map { #"{"id":\#(3_000_000 + $0),"name":"Grower \#($0)"}"# }
      let body =
        #"{"code":200,"data":{"offset":\#(offset),"limit":100,"total":\#(offset + 300),"count":100,"#
        + #""results":[\#(heroes.joined(separator: ","))]}}"#
      return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
    }
  }

  @Test(arguments: [["heroes", "--all", "--format", "tsv"], ["sync"]])
  @MainActor func aTotalThatGrowsAtEveryPageEndsInAnInvalidAnswer(arguments: [String]) async throws {
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    let transport = GrowingTransport()
    squad.transport = transport
    let result = await squad.run(["--base-url", "http://127.0.0.1:9/v1/public"] + arguments)
    #expect(result.code == 65, "\(result.err)")
    #expect(transport.requests.withLock { $0 } <= MarvelPaging.maximumTotal / 100 + 10)
  }

  @Test func anAnswerOfOtherIdsToOneIdIsNotAMarvelResponse() async {
    // characters.json holds three heroes, none of them 1009351.
    let client = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil,
      transport: SamePageTransport(Fixture.data("characters.json")), environment: TestClock().environment())
    guard case .failure(.invalidResponse(let status, let detail, _)) = await client.character(HeroID(1_009_351)) else {
      Issue.record("expected an invalid response")
      return
    }
    #expect(status == 200 && detail.hasPrefix("records of other ids ("), "\(detail)")
    #expect(detail.hasSuffix(") when 1009351 was asked for"), "\(detail)")
  }

  @Test func anAnswerToANamePrefixHoldingOtherNamesIsNotAMarvelResponse() async {
    // characters.json holds Spider-Man (Peter Parker), Adam Destine and Ajaxis.
    func ask(_ prefix: String, _ body: Data = Fixture.data("characters.json")) async -> Result<
      MarvelPage<Hero>, MarvelError
    > {
      let client = LiveMarvelClient(
        baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil,
        transport: SamePageTransport(body), environment: TestClock().environment())
      return await client.characters(
        CharacterFilter(nameStartsWith: prefix, orderBy: .name, limit: 3), freshness: .withinTTL)
    }
    guard case .failure(.invalidResponse(200, let detail, _)) = await ask("spider") else {
      Issue.record("expected an invalid response")
      return
    }
    #expect(detail == "a record named 'Adam Destine' when names starting with 'spider' were asked for")
    // Marvel's prefix ignores case: an answer whose every name starts with it is one.
    let text = String(decoding: Fixture.data("characters.json"), as: UTF8.self)
    let spiders = text.replacingOccurrences(of: "\"Adam Destine\"", with: "\"SPIDER-WOMAN\"")
      .replacingOccurrences(of: "\"Ajaxis\"", with: "\"spider-girl\"")
    guard case .success(let page) = await ask("Spider", Data(spiders.utf8)) else {
      Issue.record("expected the answer")
      return
    }
    #expect(page.results.count == 3)
  }
}
