import Foundation
import Testing

@testable import SquadCore

/// `squad sync` through the real binary against the simulator's 1,562 characters.
@Suite struct SyncEndToEndTests {
  @Test func aSyncCosts16RequestsARepeat0AndAForcedOne16EmptyRevalidations() async throws {
    let simulator = try await Simulator(characters: 1562)
    let squad = MarvelEndToEndTests.squad(simulator)

    let cold = try await squad.launch("sync", "--timeout", "120")
    #expect(cold.status == 0)
    #expect(cold.stdout.isEmpty)
    #expect(cold.stderrLines == ["Synced 1,562 heroes (16 requests)."])
    let first = try await simulator.requests(atLeast: 16)
    #expect(first.count == 16)
    #expect(first.allSatisfy { $0.status == 200 && $0.ifNoneMatch == nil })
    #expect(
      Set(first.map { $0.query["offset"] ?? "0" }) == Set(stride(from: 0, through: 1500, by: 100).map(String.init)))

    let mark = try await simulator.mark()
    let repeated = try await squad.launch("sync", "--timeout", "120", "--json")
    #expect(repeated.status == 0)
    #expect(
      repeated.stderrLines == [
        "Synced 1,562 heroes (0 requests, 16 pages from the cache). Nothing changed; the catalogue was not written."
      ])
    let report = try JSONSerialization.jsonObject(with: Data(repeated.stdout.utf8)) as? [String: Any]
    #expect(report?["requests"] as? Int == 0)
    #expect(report?["fromCache"] as? Int == 16)
    #expect(report?["heroes"] as? Int == 1562)

    let forced = try await squad.launch("sync", "--timeout", "120", "--force")
    #expect(forced.status == 0)
    #expect(
      forced.stderrLines == [
        "Synced 1,562 heroes (16 requests, 16 not modified). Nothing changed; the catalogue was not written."
      ])
    let revalidations = try await simulator.requests(atLeast: 16, since: mark)
    #expect(revalidations.count == 16, "the repeat within the TTL sent nothing; --force sent 16")
    #expect(revalidations.allSatisfy { $0.status == 304 && $0.bytes == 0 && $0.ifNoneMatch != nil })

    let offline = try await squad.launch("heroes", "--all", "--offline")
    #expect(offline.status == 0)
    #expect(offline.stdout.split(separator: "\n").count >= 1562, "the synced catalogue answers offline")
  }

  @Test func onATerminalSyncShowsAProgressBarThenTheSummary() async throws {
    let simulator = try await Simulator(characters: 1562)
    let result = try await MarvelEndToEndTests.squad(simulator).launchOnTerminal(["sync", "--timeout", "120"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Fetching page 1…"))
    #expect(result.stdout.contains("[#···················] Fetching page 2 of 16…"))
    #expect(result.stdout.contains("Saving the catalogue…"))
    #expect(result.stdout.contains("Synced 1,562 heroes (16 requests)."))
  }

  @Test func anInterruptedSyncLeavesTheCatalogueAsItWas() async throws {
    let small = try await Simulator(characters: 150)
    let squad = MarvelEndToEndTests.squad(small)
    #expect(try await squad.launch("sync", "--timeout", "120").status == 0)
    let before = try #require(squad.home.contents("catalogue.sqc"))

    // The last page hangs for ten minutes, so the sync is surely mid-way when interrupted.
    let slow = try await Simulator(characters: 1562, faults: [.slow(600_000, path: "offset=1500")])
    var interrupted = squad
    interrupted.environment["MARVEL_API_BASE"] = slow.baseURL
    let running = try Interruptible.start(interrupted, ["sync", "--force", "--timeout", "900"])
    #expect(try await slow.requests(atLeast: 15, within: 60).count == 15, "every page but the hanging one was answered")
    kill(running.processIdentifier, SIGINT)
    running.waitUntilExit()
    #expect(running.terminationStatus == 130)
    #expect(squad.home.contents("catalogue.sqc") == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: squad.home.file("cache")).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func thePrivateKeyIsNowhereInOutputTracesOrFiles() async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = MarvelEndToEndTests.squad(simulator)
    try squad.home.write("{\"publicKey\": \"unused\", \"cacheTTL\": 0}", to: "config.json")
    var outcomes = [
      try await squad.launch("sync", "--timeout", "120", "--trace"),
      try await squad.launch("sync", "--timeout", "120", "--force", "--trace", "--json"),
      try await squad.launch("heroes", "--trace"),
      try await squad.launch("show", "1009610", "--trace", "--json"),
      try await squad.launch("recruit", "1009610", "--trace"),
      try await squad.launch("list", "--json"),
    ]
    try await simulator.inject(.status(500, retryAfter: 0, times: -1))
    outcomes.append(try await squad.launch("heroes", "spider", "--trace"))
    try await simulator.reset()
    let wrongKey = MarvelEndToEndTests.squad(simulator, privateKey: TestKeys.privateKey + "-x")
    outcomes.append(try await wrongKey.launch("sync", "--timeout", "120", "--trace"))
    #expect(outcomes.map(\.status) == [0, 0, 0, 0, 0, 0, 0, 4])

    for outcome in outcomes {
      #expect(!outcome.stdout.contains(TestKeys.privateKey))
      #expect(!outcome.stderr.contains(TestKeys.privateKey))
    }
    let files = try Self.files(under: squad.home.path)
    #expect(files.count > 5, "the home holds the squad, catalogue, cache and config")
    for path in files {
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      #expect(!text.contains(TestKeys.privateKey), "found in \(path)")
      #expect(!text.contains("apikey="), "a signed URL in \(path)")
    }
  }

  static func files(under root: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.map { root + "/" + $0 }.filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
  }
}

/// Starts `squad` so that it can be interrupted: a test thread's blocked signals are inherited
/// by the processes it starts, so a small Python shim unblocks them before exec'ing squad.
enum Interruptible {
  static func start(_ squad: SquadProcess, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", "-c",
        "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
        SquadProcess.binary,
      ] + arguments
    process.environment = squad.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}
