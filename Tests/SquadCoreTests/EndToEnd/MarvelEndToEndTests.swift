import Foundation
import Testing

@testable import SquadCore

/// The real binary against the loopback simulator: what a user with keys sees.
@Suite struct MarvelEndToEndTests {
  /// `squad` with keys for the simulator (or the given private key) and a fresh home.
  static func squad(_ simulator: Simulator, privateKey: String = TestKeys.privateKey, base: String? = nil)
    -> SquadProcess
  {
    SquadProcess(environment: [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": privateKey,
      "MARVEL_API_BASE": base ?? simulator.baseURL,
    ])
  }

  static func results(_ data: Data) throws -> (total: Int, items: [[String: Any]]) {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let container = try (object?["data"] as? [String: Any]).orThrow(SimulatorError.controlFailed("data"))
    return (container["total"] as? Int ?? -1, container["results"] as? [[String: Any]] ?? [])
  }

  @Test func heroesPrintsTheServersFirstPageInItsOrder() async throws {
    let simulator = try await Simulator()
    let expected = try Self.results(try await simulator.body("/characters?limit=20")).items.compactMap {
      $0["id"] as? Int
    }
    let result = try await Self.squad(simulator).launch("heroes", "--limit", "20")
    #expect(result.status == 0)
    let ids = result.stdout.split(separator: "\n").compactMap { Int($0.split(separator: "\t").first ?? "") }
    #expect(ids.count == 20)
    #expect(ids == expected)
    #expect(!result.stderr.contains("local catalogue"))
  }

  @Test func showPrintsTheComicsCountAndTheTwoLatestComics() async throws {
    let simulator = try await Simulator()
    let comics = try Self.results(try await simulator.body("/characters/1009610/comics?orderBy=-onsaleDate&limit=2"))
    let titles = comics.items.compactMap { $0["title"] as? String }
    #expect(titles.count == 2)
    let squad = Self.squad(simulator)
    let result = try await squad.launch("show", "1009610", "--format", "table")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Spider-Man (Peter Parker)"))
    // The hero's counts are the record the catalogue keeps (its 2021 one beats the server's 2017
    // one), as every later answer shows them; the comics listing's total says how many more.
    let kept = try await squad.launch("show", "1009610", "--format", "table", "--offline").stdout
    let appears = try #require(kept.split(separator: "\n").first { $0.hasPrefix("Appears in:") })
    #expect(result.stdout.contains(appears + "\n"))
    #expect(result.stdout.contains("Last appeared in"))
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let firstTitle = try #require(lines.firstIndex { $0.hasPrefix("  " + titles[0]) })
    #expect(lines[firstTitle + 1].hasPrefix("  " + titles[1]))
    #expect(lines[firstTitle + 2] == "  and \(Grouped.format(comics.total - 2)) more")
    #expect(result.stdout.contains("Data provided by Marvel."))
  }

  @Test func aWrongPrivateKeyExits4NamingTheVariable() async throws {
    let simulator = try await Simulator()
    let result = try await Self.squad(simulator, privateKey: "not-the-right-key").launch("heroes")
    #expect(result.status == 4)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("MARVEL_PRIVATE_KEY"))
    #expect(!result.stderr.contains("not-the-right-key"))
    #expect(!result.stderr.contains("local catalogue"))
  }

  /// Found by the attack: `PRIV` as the private key made the 401's advice read "Check
  /// MARVEL_PUBLIC_KEY and MARVEL_[redacted]ATE_KEY". Such a key is refused before any request;
  /// offline commands go on.
  @Test func aPrivateKeyTooShortToHideExits4WithSquadsWordsWhole() async throws {
    let simulator = try await Simulator()
    let squad = Self.squad(simulator, privateKey: "PRIV")
    for command in [["heroes"], ["sync"]] {
      let result = try await squad.launch(arguments: command)
      #expect(result.status == 4)
      #expect(
        result.stderr.hasPrefix("Error: MARVEL_PRIVATE_KEY is too short to be a Marvel API key"), "\(result.stderr)")
      #expect(!result.stderr.contains("[redacted]"), "\(result.stderr)")
    }
    #expect(try await simulator.mark() == 0, "no request sent")
    #expect(try await squad.launch("heroes", "--offline").status == 0)
  }

  @Test func oneKeyAloneExits4NamingBothVariables() async throws {
    let squad = SquadProcess(environment: ["MARVEL_PUBLIC_KEY": TestKeys.publicKey])
    for command in [["heroes"], ["sync"]] {
      let result = try await squad.launch(arguments: command)
      #expect(result.status == 4)
      #expect(result.stderr.contains("MARVEL_PUBLIC_KEY") && result.stderr.contains("MARVEL_PRIVATE_KEY"))
    }
    #expect(try await SquadProcess().launch("sync").status == 4, "sync without any keys")
  }

  @Test func aClosedPortFallsBackToTheLocalCatalogueWithOneNotice() async throws {
    let port = try LoopbackPort(.refusing)
    let squad = SquadProcess(environment: [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey,
      "MARVEL_API_BASE": port.baseURL,
    ])
    // Room for all four attempts and their backoff (at most 3.5 s), even on a loaded machine, so
    // the notice names the refusal rather than the deadline.
    let result = try await squad.launch("heroes", "hulk", "--timeout", "10")
    #expect(result.status == 0)
    #expect(result.stdout.contains("1009351\tHulk\t"))
    let notices = result.stderrLines.filter { $0.contains("could not answer") }
    #expect(notices.count == 1)
    #expect(notices.first?.contains("connection refused") == true, "\(result.stderr)")
    withExtendedLifetime(port) {}
  }

  @Test func a500OnEveryRequestFallsBackToo() async throws {
    let simulator = try await Simulator(faults: [.status(500, retryAfter: 0, times: -1)])
    let result = try await Self.squad(simulator).launch("show", "hulk", "--json")
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"name\":\"Hulk\""))
    #expect(result.stderr.contains("HTTP 500 after 4 attempts"))
    #expect(
      try await simulator.requests(atLeast: 4).count == 4, "after the lookup failed, the comics were not asked for")
  }

  @Test func aMalformedBodyExits65WithAClearMessage() async throws {
    let simulator = try await Simulator(faults: [.malformed])
    let result = try await Self.squad(simulator).launch("heroes")
    #expect(result.status == 65)
    #expect(result.stderr.contains("not a valid Marvel API response"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aMalformedConfigFileExits65NamingIt() async throws {
    let squad = SquadProcess()
    try squad.home.write("{\"timeout\": ", to: "config.json")
    let result = try await squad.launch("heroes")
    #expect(result.status == 65)
    #expect(result.stderr.contains(squad.home.file("config.json")))
  }

  @Test func traceShowsEveryStateAndNoCredentials() async throws {
    let simulator = try await Simulator()
    let squad = Self.squad(simulator)
    let heroes = try await squad.launch("heroes", "--all", "--trace")
    let sync = try await squad.launch("sync", "--timeout", "120", "--force", "--trace")
    #expect(heroes.status == 0)
    #expect(sync.status == 0)
    let states = (heroes.stderrLines + sync.stderrLines).compactMap { line -> String? in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
      if let name = object["state"] as? String { return name }
      return (object["state"] as? [String: Any])?.keys.first
    }
    for state in ["fetching", "markingMembers", "loaded", "fetchingFirstPage", "saving", "done"] {
      #expect(states.contains(state), "no \(state) state in the trace")
    }
    #expect(sync.stderr.contains("\"pagesDone\":15"))
    #expect(sync.stderr.contains("\"notModified\":16"))
    for text in [heroes.stderr, sync.stderr] {
      #expect(!text.contains(TestKeys.privateKey))
      #expect(!text.contains(TestKeys.publicKey))
      #expect(!text.contains("hash="))
    }
  }
}
