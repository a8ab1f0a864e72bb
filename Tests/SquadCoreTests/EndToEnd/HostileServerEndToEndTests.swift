import Foundation
import Testing

@testable import SquadCore

/// The real binary against a simulator whose paging lies, whose bodies never end, that
/// redirects in a loop or asks to be left alone (issue 15): squad prints only what the server
/// sent, says when it is short, and stays small and quick.
@Suite struct HostileServerEndToEndTests {
  static func squad(_ simulator: Simulator) -> SquadProcess { MarvelEndToEndTests.squad(simulator) }

  static func ids(_ stdout: String) -> [Int] {
    stdout.split(separator: "\n").compactMap { Int($0.split(separator: "\t").first ?? "") }
  }

  /// Every id the simulator's listing really holds, read directly.
  static func serverIDs(_ simulator: Simulator, total: Int) async throws -> Set<Int> {
    var ids: Set<Int> = []
    for offset in stride(from: 0, to: total, by: 100) {
      let page = try MarvelEndToEndTests.results(try await simulator.body("/characters?limit=100&offset=\(offset)"))
      ids.formUnion(page.items.compactMap { $0["id"] as? Int })
    }
    return ids
  }

  @Test func aShortMiddlePageAndALateLastPageListOnlyTheAPIsHeroesAndExit1() async throws {
    let simulator = try await Simulator(
      characters: 250,
      faults: [.fault("page", ["path": "offset=100", "keep": 50]), .slow(500, path: "offset=200")])
    let result = try await Self.squad(simulator).launch("heroes", "--all")
    #expect(result.status == 1)
    let ids = Self.ids(result.stdout)
    #expect(ids.count == 150)
    #expect(Set(ids).count == ids.count)
    #expect(Set(ids).isSubset(of: try await Self.serverIDs(simulator, total: 250)), "only heroes the server sent")
    #expect(result.stderr.contains("promised 250 heroes but sent 150"), "\(result.stderr)")
    #expect(!result.stderr.contains("cancelled") && !result.stderr.contains("local catalogue"), "\(result.stderr)")
  }

  // A listing cut short is not replayed from the cache: the next sync asks the server again.
  @Test(arguments: [(50, 150), (0, 100)])
  func aSyncAfterAShortListingFetchesAgainAndGetsEveryHero(kept: Int, received: Int) async throws {
    let simulator = try await Simulator(
      characters: 250, faults: [.fault("page", ["path": "offset=100", "keep": kept])])
    let squad = Self.squad(simulator)
    let short = try await squad.launch("sync", "--timeout", "120")
    #expect(
      short.status == 1 && short.stderr.contains("promised 250 heroes but sent \(received)"), "\(short.stderr)")
    let again = try await squad.launch("sync", "--timeout", "120")
    #expect(again.status == 0 && again.stderr.contains("Synced 250 heroes"), "\(again.stderr)")
  }

  @Test func aTotalTheServerNeverMeetsStopsSyncAndAllWithinTwentyRequests() async throws {
    let simulator = try await Simulator(characters: 250, faults: [.fault("page", ["total": 199_999, "times": -1])])
    let squad = Self.squad(simulator)
    let sync = try await squad.launch("sync", "--timeout", "120", "--json")
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("promised 199,999 heroes but sent 250"), "\(sync.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
    #expect(report?["heroes"] as? Int == 250)
    #expect(report?["total"] as? Int == 199_999)
    let afterSync = try await simulator.mark()
    #expect(afterSync <= 20, "sync sent \(afterSync) requests")
    // Requests in flight when the listing ended count too. The simulator may log a cancelled
    // one after squad has exited, or never see one cancelled before it was written, so its log
    // is a floor here; SyncRequestCountTests checks the exact count.
    #expect((report?["requests"] as? Int ?? 0) >= afterSync, "\(sync.stdout)")

    let all = try await squad.launch("heroes", "--all")
    #expect(all.status == 1)
    let ids = Self.ids(all.stdout)
    #expect(ids.count == 250 && Set(ids).count == 250)
    #expect(all.stderr.contains("promised 199,999 heroes but sent 250"))
    #expect(try await simulator.mark() - afterSync <= 20)
  }

  /// Found by the attack: a first page promising 250 of a catalogue that had grown to 350 made
  /// `sync` stop at 300 blaming short pages (exit 1), where `heroes --all` followed on to 350.
  @Test func syncFollowsACatalogueThatGrewMeanwhileAsHeroesAllDoes() async throws {
    let first = SimFault.fault("page", ["path": "/characters?", "total": 250])
    let simulator = try await Simulator(characters: 350, faults: [first])
    let squad = Self.squad(simulator)
    let sync = try await squad.launch("sync", "--timeout", "120", "--json")
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.hasPrefix("Synced 350 heroes (4 requests"), "\(sync.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
    #expect(report?["heroes"] as? Int == 350 && report?["total"] as? Int == 350, "\(sync.stdout)")

    // Still a shortfall, said and exit 1, when the pages planned on the larger total do not come.
    try await simulator.inject(first)
    try await simulator.inject(.fault("page", ["path": "offset=300", "keep": 0]))
    let short = try await squad.launch("sync", "--timeout", "120", "--force")
    #expect(short.status == 1)
    #expect(short.stderr.contains("promised 350 heroes but sent 300"), "\(short.stderr)")
  }

  @Test func anEmptyMiddlePageIsReportedNotHidden() async throws {
    let simulator = try await Simulator(characters: 250, faults: [.fault("page", ["path": "offset=100", "keep": 0])])
    let result = try await Self.squad(simulator).launch("heroes", "--all", "--json")
    #expect(result.status == 1)
    #expect(result.stderr.contains("promised 250 heroes but sent 100"))
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect((document?["heroes"] as? [Any])?.count == 100, "\(result.stdout.prefix(200))")
  }

  @Test func idsRepeatedAcrossPagesAreMergedAndTheShortfallReported() async throws {
    let simulator = try await Simulator(
      characters: 250, faults: [.fault("page", ["path": "offset=100", "shift": -50])])
    let squad = Self.squad(simulator)
    let all = try await squad.launch("heroes", "--all")
    #expect(all.status == 1)
    let ids = Self.ids(all.stdout)
    #expect(ids.count == 200 && Set(ids).count == 200, "each id once")
    #expect(all.stderr.contains("promised 250 heroes but sent 200"))

    try await simulator.inject(.fault("page", ["path": "offset=100", "shift": -50]))
    let sync = try await squad.launch("sync", "--timeout", "120", "--force")
    #expect(sync.status == 1)
    #expect(sync.stderrLines.first?.hasPrefix("Synced 200 heroes (3 requests") == true, "\(sync.stderr)")
    #expect(sync.stderr.contains("promised 250 heroes but sent 200"))
  }

  @Test(arguments: [
    SimFault.fault("huge", ["sizeMb": 200]), .fault("endless"), .fault("gzipBomb", ["sizeMb": 300]),
  ])
  func anOversizedBodyIsNotAMarvelResponseAndNothingOfItIsWritten(fault: SimFault) async throws {
    let simulator = try await Simulator(characters: 250, faults: [fault])
    let squad = Self.squad(simulator)
    let result = try await squad.launch("heroes", "--timeout", "10")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("the body is larger than 16 MiB"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    for path in try SyncEndToEndTests.files(under: squad.home.path) {
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      #expect(size < 1 << 20, "\(path) holds \(size) bytes")
    }
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("catalogue.sqc")))
  }

  // Sent twice or as a list, the latest time offered counts: an earlier one beside it is not a
  // reason to ask again before the server's time.
  @Test(arguments: ["60", "httpDate", "1 and 60 as two lines", "1, 60", "a date and 1 as two lines"])
  func aRetryAfterBeyondTheTimeoutCostsOneRequestAndAnswersAtOnce(form: String) async throws {
    let date = Self.httpDate(Date().addingTimeInterval(3600))
    let header: any Sendable =
      switch form {
      case "httpDate": date
      case "1 and 60 as two lines": ["1", "60"]
      case "a date and 1 as two lines": [date, "1"]
      default: form
      }
    let simulator = try await Simulator(faults: [.fault("status", ["status": 429, "retryAfter": header, "times": -1])])
    let result = try await Self.squad(simulator).launch("heroes", "hulk", "--timeout", "10")
    #expect(result.status == 0)
    #expect(result.stdout.contains("1009351\tHulk\t"))
    #expect(result.stderr.contains("the server takes requests again in"), "\(result.stderr)")
    #expect(try await simulator.requests().count == 1)

    let sync = try await Self.squad(simulator).launch("sync", "--timeout", "10")
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("beyond --timeout, so squad did not wait"), "\(sync.stderr)")
    #expect(try await simulator.requests().count == 2)
  }

  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  @Test func aRedirectLoopIsOneBoundedChainWithoutRetries() async throws {
    let simulator = try await Simulator(faults: [.fault("redirect", ["times": -1])])
    let result = try await Self.squad(simulator).launch("heroes", "hulk")
    #expect(result.status == 0, "the local catalogue answers, as for any outage")
    #expect(result.stderr.contains("too many redirects"), "\(result.stderr)")
    #expect(!result.stderr.contains("attempts"))
    #expect(try await simulator.requests().count == 1 + HTTPRequest.maximumRedirects)
  }

  @Test(arguments: ["garbage", "http09", "version"])
  func aReplyThatIsNotHTTPIsNamedSoAndNotRetried(reply: String) async throws {
    let simulator = try await Simulator(faults: [.fault("notHttp", ["reply": reply, "times": -1])])
    let result = try await Self.squad(simulator).launch("heroes", "hulk", "--timeout", "10")
    #expect(result.status == 0)
    #expect(result.stderr.contains("the server's reply is not an HTTP response"), "\(result.stderr)")
    #expect(!result.stderr.contains("usable URL"))
    #expect(try await simulator.requests().count == 1, "not retried")
  }

  @Test func aRedirectToAFileURLIsRefused() async throws {
    let simulator = try await Simulator(faults: [.fault("redirect", ["location": "file:///etc/hostname"])])
    let result = try await Self.squad(simulator).launch("heroes", "hulk")
    #expect(result.stderr.contains("redirect to a non-http URL (file:) refused"), "\(result.stderr)")
    #expect(try await simulator.requests().count == 1)
  }

  @Test func aRedirectToAnotherLoopbackPortIsFollowed() async throws {
    let target = try await Simulator(characters: 250)
    let port = try #require(URLComponents(string: target.baseURL)?.port)
    let front = try await Simulator(characters: 250, faults: [.fault("redirect", ["toPort": port, "times": -1])])
    let result = try await Self.squad(front).launch("heroes", "--limit", "3")
    #expect(result.status == 0)
    #expect(Self.ids(result.stdout).count == 3)
    #expect(!result.stderr.contains("local catalogue"), "\(result.stderr)")
    #expect(try await target.requests().count == 1)
  }

  @Test func baseURLsThatWorkWorkAndOthersAreUsageErrorsNamingTheirSetting() async throws {
    let simulator = try await Simulator(characters: 250)
    let upper = "HTTP" + simulator.baseURL.dropFirst(4)
    let squad = Self.squad(simulator)
    let shouting = try await squad.launch("--base-url", upper, "heroes", "--limit", "2")
    #expect(shouting.status == 0)
    #expect(!shouting.stderr.contains("local catalogue"), "\(shouting.stderr)")

    let badPort = try await squad.launch("--base-url", "http://127.0.0.1:99999/v1/public", "heroes")
    #expect(badPort.status == 64)
    #expect(badPort.stderr.contains("from --base-url") && badPort.stderr.contains("port"))
    for port in ["9223372036854775808", "99999999999999999999"] {
      let huge = try await squad.launch("--base-url", "http://127.0.0.1:\(port)/v1/public", "heroes")
      #expect(huge.status == 64, "\(port): \(huge.stderr)")
      #expect(huge.stderr.contains("from --base-url") && huge.stderr.contains("port"))
    }
    let fragment = try await squad.launch("--base-url", simulator.baseURL + "#top", "heroes")
    #expect(fragment.status == 64)
    #expect(fragment.stderr.contains("fragment"))

    var fromEnvironment = squad
    fromEnvironment.environment["MARVEL_API_BASE"] = "http://127.0.0.1:0/v1/public"
    let environment = try await fromEnvironment.launch("heroes")
    #expect(environment.status == 64)
    #expect(environment.stderr.contains("from MARVEL_API_BASE"))
    fromEnvironment.environment["MARVEL_API_BASE"] = "http://127.0.0.1:9223372036854775808/v1/public"
    let hugeFromEnvironment = try await fromEnvironment.launch("sync")
    #expect(hugeFromEnvironment.status == 64)
    #expect(hugeFromEnvironment.stderr.contains("from MARVEL_API_BASE"))

    var fromFile = squad
    fromFile.environment["MARVEL_API_BASE"] = nil
    try fromFile.home.write(#"{"baseURL": "ftp://example.com/v1"}"#, to: "config.json")
    let file = try await fromFile.launch("heroes")
    #expect(file.status == 64)
    #expect(file.stderr.contains("from baseURL in") && file.stderr.contains("config.json"))
  }

  @Test func theIPv6LoopbackWorksLike127001() async throws {
    let simulator = try await Simulator(characters: 250, ipv6: true)
    #expect(simulator.baseURL.hasPrefix("http://[::1]:"))
    let squad = Self.squad(simulator)
    let heroes = try await squad.launch("heroes", "--limit", "2")
    #expect(heroes.status == 0)
    #expect(!heroes.stderr.contains("local catalogue"), "\(heroes.stderr)")
    let sync = try await squad.launch("sync", "--timeout", "120")
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("Synced 250 heroes"))
  }

  @Test func credentialsInTheBaseURLAreNeverShownOrWrittenAndTheUserAgentHasTheVersion() async throws {
    let simulator = try await Simulator(characters: 250)
    let secret = simulator.baseURL.replacingOccurrences(of: "http://", with: "http://bob:hunter2@")
    let squad = MarvelEndToEndTests.squad(simulator, base: secret)
    var outcomes = [
      try await squad.launch("sync", "--timeout", "120", "--trace"), try await squad.launch("heroes", "--trace"),
    ]
    try await simulator.inject(.status(500, retryAfter: 0, times: -1))
    outcomes.append(try await squad.launch("heroes", "spider", "--trace", "--timeout", "10"))
    outcomes.append(
      try await squad.launch("--base-url", secret.replacingOccurrences(of: "/v1", with: "#/v1"), "heroes"))
    #expect(outcomes.map(\.status) == [0, 0, 0, 64])
    for outcome in outcomes {
      #expect(!outcome.stdout.contains("hunter2") && !outcome.stderr.contains("hunter2"))
    }
    for path in try SyncEndToEndTests.files(under: squad.home.path) {
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      #expect(!text.contains("hunter2"), "found in \(path)")
    }
    let agents = Set(try await simulator.requests().compactMap(\.userAgent))
    #expect(agents == ["squad/\(SquadVersion.number)"])
  }

  @Test func membersTakeTheNamesASyncBrings() async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = Self.squad(simulator)
    let first = try #require(Self.ids(try await squad.launch("heroes", "--limit", "1").stdout).first)
    #expect(try await squad.launch("recruit", String(first)).status == 0)
    try await simulator.inject(.fault("page", ["rename": [String(first): "Renamed Hero"], "times": -1]))
    #expect(try await squad.launch("sync", "--timeout", "120", "--force").status == 0)
    let list = try await squad.launch("list")
    #expect(list.stdout.contains("\(first)\tRenamed Hero\t"), "\(list.stdout)")
    let export = try await squad.launch("export", "--format", "csv")
    #expect(export.stdout.contains("Renamed Hero"))
    let again = try await squad.launch("recruit", String(first))
    #expect(again.stderr.contains("Renamed Hero"), "\(again.stderr)")
  }

  @Test func showsHintMatchesTheCauseWhenTheAPIFails() async throws {
    let simulator = try await Simulator(faults: [.status(500, retryAfter: 0, times: -1)])
    let result = try await Self.squad(simulator).launch("show", "hulk", "--format", "table")
    #expect(result.status == 0)
    #expect(!result.stdout.contains("set API keys"), "\(result.stdout)")
    #expect(result.stdout.contains("the Marvel API could not answer"))
  }
}
