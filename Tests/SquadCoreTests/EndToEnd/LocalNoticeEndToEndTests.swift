import Foundation
import Testing

/// Issue 21 item 9, with the real binary: a new user without keys hears "Using the local
/// catalogue" once, never after making offline the default, and every time keys are set but the
/// API cannot answer; the command's own messages are untouched.
@Suite struct LocalNoticeEndToEndTests {
  static let notice = "Using the local catalogue: no Marvel API keys are set."

  @Test func aNewUserHearsItOnceAndTheCommandsOwnMessagesStay() throws {
    let squad = SquadProcess()
    let quiet = try squad.run("heroes", "hulk", "-q")
    #expect(quiet.stderr.isEmpty)
    #expect(try squad.home.listing() == [], "what was not said is not remembered")
    let first = try squad.run("heroes", "hulk")
    #expect(first.stderrLines.filter { $0.hasPrefix(Self.notice) }.count == 1, "\(first.stderr)")
    #expect(try squad.run("heroes", "hulk").stderr.isEmpty)
    #expect(try squad.run("show", "hulk").stderr.isEmpty)
    #expect(try squad.run("recruit", "hulk").stderr == "Recruited Hulk.\n")
  }

  @Test(arguments: [("config", ""), ("variable", "1"), ("variable", "true")])
  func offlineAsTheDefaultNeverSaysItAndCreatesNothing(place: String, value: String) throws {
    var squad = SquadProcess()
    if place == "config" {
      try squad.home.write(#"{"offline": true}"#, to: "config.json")
    } else {
      squad.environment["SQUAD_OFFLINE"] = value
    }
    let before = try squad.home.listing()
    let listed = try squad.run("heroes", "hulk")
    #expect(listed.status == 0)
    #expect(listed.stderr.isEmpty, "\(listed.stderr)")
    #expect(try squad.home.listing() == before)
    let sync = try squad.run("sync")
    #expect(sync.status == 64)
    #expect(sync.stderrLines.first?.contains("'sync' needs the network") == true, "\(sync.stderr)")
  }

  @Test func theVariableOverridesTheConfigFileAndABadValueIsAUsageError() throws {
    var squad = SquadProcess()
    try squad.home.write(#"{"offline": true}"#, to: "config.json")
    squad.environment["SQUAD_OFFLINE"] = "0"
    #expect(try squad.run("heroes", "hulk").stderrLines.first?.hasPrefix(Self.notice) == true)
    squad.environment["SQUAD_OFFLINE"] = "maybe"
    let bad = try squad.run("heroes", "hulk")
    #expect(bad.status == 64)
    #expect(bad.stderrLines.first?.contains("'SQUAD_OFFLINE'") == true)
  }

  @Test func keysThatCannotBeUsedAreSaidEveryTime() async throws {
    let port = try LoopbackPort(.refusing)
    let squad = SquadProcess(environment: [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey,
      "MARVEL_API_BASE": port.baseURL,
    ])
    for _ in 0..<2 {
      let result = try await squad.launch("heroes", "hulk", "--timeout", "10")
      #expect(result.status == 0)
      #expect(result.stderrLines.contains { $0.contains("The Marvel API could not answer") }, "\(result.stderr)")
    }
    withExtendedLifetime(port) {}
  }
}
