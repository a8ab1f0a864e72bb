import Foundation
import Testing

@testable import SquadCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live client over real HTTP against the loopback simulator: signing, errors of every
/// CONTRACT.md row, ETag revalidation, retries and fallback.
@Suite struct LiveClientSimulatorTests {
  let home = TemporaryDirectory()
  let sleeps = Mutex<[Double]>([])

  /// A live client on the real network and clock; waits between retries are recorded, not slept.
  /// The timeout is generous so that a loaded machine never turns a retry test into a deadline test.
  func client(_ simulator: Simulator, credentials: MarvelCredentials = TestKeys.credentials, timeout: Double = 120)
    -> LiveMarvelClient
  {
    client(baseURL: simulator.baseURL, credentials: credentials, timeout: timeout)
  }

  func client(baseURL: String, credentials: MarvelCredentials = TestKeys.credentials, timeout: Double = 120)
    -> LiveMarvelClient
  {
    let sleeps = sleeps
    let environment = MarvelClientEnvironment(
      now: Date.init, sleep: { seconds in sleeps.withLock { $0.append(seconds) } }, jitter: { 0 },
      timestamp: MarvelClientEnvironment.live.timestamp)
    return LiveMarvelClient(
      baseURL: baseURL, credentials: credentials, timeout: timeout,
      cache: ResponseCache(
        directory: SquadPaths(home: home.path).responsesDirectory,
        catalogue: CatalogueStore(paths: SquadPaths(home: home.path))),
      environment: environment)
  }

  /// A GET with only some of the authentication parameters, for the MissingParameter rows.
  func rawError(
    _ simulator: Simulator, _ pathAndQuery: String, keeping names: Set<String> = MarvelCredentials.parameterNames
  )
    async throws -> MarvelError
  {
    let signature = TestKeys.credentials.signature(timestamp: "1").filter { names.contains($0.name) }
    let url = MarvelURL.signed(simulator.baseURL + pathAndQuery, with: signature)
    let response = try await URLSessionTransport().get(HTTPRequest(url: url, timeout: 10)).get()
    return MarvelResponseDecoder.error(status: response.status, body: response.body, url: url, attempts: 1)
  }

  @Test func aSignedListingReturnsTheSimulatorsFirstPageGzipped() async throws {
    let simulator = try await Simulator()
    let page = try await client(simulator).characters(CharacterFilter(limit: 20), freshness: .withinTTL).get()
    #expect(page.total == 1562)
    #expect(page.results.count == 20)
    #expect(page.results.first?.name == "3-D Man")
    #expect(page.attribution.hasPrefix("Data provided by Marvel."))
    let logged = try await simulator.requests(atLeast: 1)
    #expect(logged.map(\.status) == [200])
    #expect(logged.first?.gzip == true)
    #expect(logged.first?.query["apikey"] == TestKeys.publicKey)
  }

  @Test(arguments: [
    ("ts", "You must provide a hash.", Set(["ts", "apikey"])),
    ("hash", "You must provide a timestamp.", Set(["hash", "apikey"])),
    ("key", "You must provide a user key.", Set(["ts", "hash"])),
  ])
  func missingAuthenticationIsACredentialsError(_ label: String, message: String, keeping: Set<String>) async throws {
    let simulator = try await Simulator()
    let error = try await rawError(simulator, "/characters", keeping: keeping)
    #expect(error == .credentials(status: 409, message: message))
  }

  @Test func aWrongPrivateKeyOrUnknownPublicKeyIsRejected() async throws {
    let simulator = try await Simulator()
    let wrongHash = await client(
      simulator, credentials: MarvelCredentials(publicKey: TestKeys.publicKey, privateKey: "wrong")
    )
    .characters(CharacterFilter(), freshness: .withinTTL)
    #expect(
      wrongHash == .failure(.credentials(status: 401, message: "That hash, timestamp and key combination is invalid.")))
    let unknownKey = await client(
      simulator, credentials: MarvelCredentials(publicKey: "nobody", privateKey: TestKeys.privateKey)
    )
    .characters(CharacterFilter(), freshness: .withinTTL)
    #expect(unknownKey == .failure(.credentials(status: 401, message: "The passed API key is invalid.")))
    #expect(try await simulator.requests(atLeast: 2).count == 2, "credential errors are not retried")
  }

  @Test(arguments: [
    (CharacterFilter(limit: 101), "You may not request more than 100 items."),
    (CharacterFilter(limit: 0), "You must pass an integer limit greater than 0."),
    (CharacterFilter(nameStartsWith: ""), "nameStartsWith cannot be blank if it is set"),
  ])
  func validationErrorsAreRejectionsWithTheServersWords(filter: CharacterFilter, message: String) async throws {
    let simulator = try await Simulator()
    let result = await client(simulator).characters(filter, freshness: .withinTTL)
    guard case .failure(.rejected(let status, let text, let url)) = result else {
      Issue.record("expected a rejection, got \(result)")
      return
    }
    #expect(status == 409)
    #expect(text == message)
    #expect(!url.contains("hash="))
  }

  @Test(arguments: [
    ("/characters?x=1", "We don't recognize the parameter x"),
    ("/characters?orderBy=goofiness", "goofiness is not a valid ordering parameter."),
    ("/characters?comics=one", "You must pass at least one valid issue id if you set the issue filter."),
  ])
  func requestsSquadNeverBuildsAreRejectedToo(pathAndQuery: String, message: String) async throws {
    let simulator = try await Simulator()
    let error = try await rawError(simulator, pathAndQuery)
    guard case .rejected(409, message, _) = error else {
      Issue.record("expected a 409 rejection, got \(error)")
      return
    }
  }

  @Test func aNonGETIsRefusedWithMethodNotAllowed() async throws {
    let simulator = try await Simulator()
    let signed = MarvelURL.signed(
      simulator.baseURL + "/characters", with: TestKeys.credentials.signature(timestamp: "1"))
    var request = URLRequest(url: try #require(URL(string: signed)))
    request.httpMethod = "POST"
    let (body, response) = try await URLSession.shared.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    #expect(
      MarvelResponseDecoder.error(status: status, body: body, url: "u", attempts: 1)
        == .rejected(status: 405, message: "POST is not allowed", url: "u"))
  }

  @Test func anUnknownCharacterIsNotFound() async throws {
    let simulator = try await Simulator()
    let result = await client(simulator).character(HeroID(1))
    #expect(
      result
        == .failure(.notFound(message: "We couldn't find that character", url: simulator.baseURL + "/characters/1")))
  }

  @Test func aRepeatIsFreeAndARevalidationCostsAnEmpty304() async throws {
    let simulator = try await Simulator()
    let client = client(simulator)
    let first = try await client.characters(CharacterFilter(limit: 100), freshness: .withinTTL).get()
    // The cache keeps ids; the heroes are in the catalogue, which every API answer teaches. The
    // entry is written by the caller once the catalogue store has them (it never runs ahead).
    try #require(client.cache?.catalogue).remember(first.results, at: Date())
    first.pendingCache?.write(stored: Set(first.results.map(\.id.rawValue)))
    let repeated = try await client.characters(CharacterFilter(limit: 100), freshness: .withinTTL).get()
    let revalidated = try await client.characters(CharacterFilter(limit: 100), freshness: .revalidate).get()
    #expect([first.origin, repeated.origin, revalidated.origin] == [.network, .cache, .notModified])
    #expect(revalidated.results.map(\.id) == first.results.map(\.id))
    let logged = try await simulator.requests(atLeast: 2)
    #expect(logged.map(\.status) == [200, 304])
    #expect(logged.last?.bytes == 0)
    #expect(logged.last?.ifNoneMatch != nil)
  }

  @Test func a429WithRetryAfterThenA200Succeeds() async throws {
    let simulator = try await Simulator(faults: [.status(429, retryAfter: 1)])
    let page = try await client(simulator).characters(CharacterFilter(limit: 5), freshness: .withinTTL).get()
    #expect(page.results.count == 5)
    #expect(page.requests == 2)
    #expect(sleeps.withLock { $0 } == [1])
    #expect(try await simulator.requests(atLeast: 2).map(\.status) == [429, 200])
  }

  @Test(arguments: [SimFault.truncated, .html, .drop, .status(503)])
  func aPassingFaultIsRetriedAway(fault: SimFault) async throws {
    let simulator = try await Simulator(faults: [fault])
    let page = try await client(simulator).characters(CharacterFilter(limit: 5), freshness: .withinTTL).get()
    #expect(page.results.count == 5)
    #expect(try await simulator.requests(atLeast: 2).last?.status == 200)
  }

  @Test func a500OnEveryRequestFallsBackToTheLocalCatalogue() async throws {
    let simulator = try await Simulator(faults: [.status(500, times: -1)])
    let directory = APIHeroSource(
      client: client(simulator), store: CatalogueStore(paths: SquadPaths(home: home.path)))
    let page = try await directory.page(HeroQuery(namePrefix: "hulk")).get()
    #expect(page.source.isFallback)
    #expect(page.heroes.contains { $0.id == HeroID(1_009_351) })
    #expect(try await simulator.requests(atLeast: 4).count == 4)
    #expect(sleeps.withLock { $0 } == [0.25, 0.5, 1])
  }

  @Test(arguments: [
    (SimFault.malformed, "not valid JSON (cut short or garbled)"), (.empty, "an empty body"),
    (.wrongShape, "JSON of the wrong shape, at data.results: expected an array"),
  ])
  func anUndecodable200IsAnInvalidResponse(fault: SimFault, detail: String) async throws {
    let simulator = try await Simulator(faults: [fault])
    let result = await client(simulator).characters(CharacterFilter(limit: 5), freshness: .withinTTL)
    #expect(
      result == .failure(.invalidResponse(status: 200, detail: detail, url: simulator.baseURL + "/characters?limit=5")))
    #expect(try await simulator.requests(atLeast: 1).count == 1, "a bad 200 is not retried")
  }

  @Test func aClosedPortIsUnreachable() async throws {
    let port = try LoopbackPort(.refusing)
    let client = client(baseURL: port.baseURL)
    // Off the cooperative pool: tests holding its threads for minutes must not eat the deadline
    // between the retries.
    let result = await withTaskExecutorPreference(OwnQueueExecutor()) {
      await client.characters(CharacterFilter(limit: 5), freshness: .withinTTL)
    }
    #expect(
      result
        == .failure(.unreachable(reason: "connection refused", attempts: 4, url: port.baseURL + "/characters?limit=5")))
  }

  @Test func aSlowAnswerPastTheTimeoutTimesOut() async throws {
    let simulator = try await Simulator(faults: [.slow(4000)])
    let result = await client(simulator, timeout: 1).characters(CharacterFilter(limit: 5), freshness: .withinTTL)
    #expect(result == .failure(.timedOut(seconds: 1, url: simulator.baseURL + "/characters?limit=5")))
  }

  @Test func showsComicsComeNewestOnSaleFirst() async throws {
    let simulator = try await Simulator()
    let page = try await client(simulator).comics(of: HeroID(1_009_610), order: .onSaleDescending, limit: 2, offset: 0)
      .get()
    #expect(page.results.count == 2)
    #expect(page.total > 2)
    let dates = page.results.compactMap(\.onSale)
    #expect(dates.count == 2)
    #expect(dates == dates.sorted(by: >))
  }
}
