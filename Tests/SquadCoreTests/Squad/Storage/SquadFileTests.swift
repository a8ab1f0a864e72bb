import Foundation
import Testing

@testable import SquadCore

@Suite struct SquadFileTests {
  let home = TemporaryDirectory()
  var file: SquadFile { SquadFile(paths: SquadPaths(home: home.path)) }

  @Test func aMissingFileIsAnEmptySquad() throws {
    #expect(try file.load() == Squad())
  }

  @Test func aSavedSquadLoadsBackInRecruitmentOrder() throws {
    let squad = Squad(members: [Sample.member(Sample.thor), Sample.member(Sample.hulk)])
    try file.save(squad)
    #expect(try file.load() == squad)
    let text = String(decoding: home.contents("squad.json") ?? Data(), as: UTF8.self)
    #expect(
      text.hasPrefix(
        "{\n  \"schemaVersion\": 1,\n  \"members\": [\n    {\n      \"id\": 1009664,\n      \"name\": \"Thor\""))
  }

  @Test func aSquadWithAwkwardTextRoundTrips() throws {
    let awkward = Member(
      id: HeroID(7), name: "Araña \"Q\" \u{202E}", description: "\u{1B}", thumbnail: nil, recruitedAt: Sample.moment)
    let squad = Squad(members: [Sample.member(Sample.thor), awkward, Sample.member(Sample.spiderMan)])
    #expect(try SquadFile.decode(Array(SquadFile.encode(squad)), path: "squad.json") == squad)
  }

  // Readers disagree on which of a repeated key counts (jq and Python take the last); squad
  // took the first, and its next save dropped the other: members lost in silence.
  @Test(arguments: [
    (
      #"{"schemaVersion": 1, "members": [{"id": 1, "name": "A", "name": "B", "recruitedAt": "2026-01-01T00:00:00Z"}]}"#,
      "at members[0].name: given twice"
    ),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "id": 2, "name": "A"}]}"#, "at members[0].id: given twice"),
    (
      #"{"members": [], "schemaVersion": 1, "members": [{"id": 1, "name": "A", "recruitedAt": "2026-01-01T00:00:00Z"}]}"#,
      "'members' is given twice"
    ),
    (#"{"schemaVersion": 1, "schemaVersion": 2, "members": []}"#, "'schemaVersion' is given twice"),
  ])
  func aKeyGivenTwiceMakesTheFileCorruptNeverHalfRead(content: String, detail: String) {
    #expect {
      try SquadFile.decode(Array(content.utf8), path: "squad.json")
    } throws: { error in
      guard let error = error as? PersistenceError, case .corrupt(let found) = error.reason else { return false }
      return found.contains(detail)
    }
  }

  @Test func savingLeavesNoTemporaryFilesBehind() throws {
    try file.save(Squad(members: [Sample.member(Sample.hulk)]))
    let names = try FileManager.default.contentsOfDirectory(atPath: home.path)
    #expect(names == ["squad.json"])
  }

  @Test(arguments: [
    ("", "not valid JSON"),
    ("{\"schemaVersion\": 1}", "at members: missing"),
    ("{\"schemaVersion\": 1, \"members\": [{\"id\": \"x\"}]}", "at members[0].id: expected a whole number"),
    (
      "{\"schemaVersion\": 1, \"members\": [{\"id\": 1, \"name\": \"A\", \"recruitedAt\": \"soon\"}]}",
      "'soon' is not an ISO 8601 date"
    ),
    ("[]", "expected"),
  ])
  func corruptFilesAreReportedWithWhatIsWrong(content: String, detail: String) throws {
    try home.write(content, to: "squad.json")
    do throws(PersistenceError) {
      _ = try file.load()
      Issue.record("A corrupt file loaded")
    } catch {
      guard case .corrupt(let found) = error.reason else {
        Issue.record("Unexpected \(error)")
        return
      }
      #expect(found.contains(detail), "\(found)")
      #expect(error.exitCode == .invalidData)
      #expect(error.description.contains(home.file("squad.json")))
    }
    #expect(home.contents("squad.json") == Data(content.utf8))
  }

  @Test func aNewerSchemaIsRefusedNotOverwritten() throws {
    try home.write("{\"schemaVersion\": 2, \"members\": []}", to: "squad.json")
    #expect(throws: PersistenceError(path: home.file("squad.json"), reason: .newerSchema(version: 2, reads: 1))) {
      try file.load()
    }
  }

  @Test func duplicateIdsAreCorrupt() throws {
    let member =
      "{\"id\": 1, \"name\": \"A\", \"description\": \"\", \"thumbnail\": null, \"recruitedAt\": \"2026-01-01T00:00:00Z\"}"
    try home.write("{\"schemaVersion\": 1, \"members\": [\(member), \(member)]}", to: "squad.json")
    #expect(throws: PersistenceError.self) { try file.load() }
  }

  @Test func aChangeToWhatIsAlreadyThereIsNeitherSavedNorRecordedWhateverItsLimit() throws {
    // No file yet: an empty squad is what is there, so saving one changes nothing.
    let (_, none) = try file.change(by: "sync", at: Sample.moment) { _ in (SquadEdit(squad: Squad()), ()) }
    #expect(none == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    var limited = Squad(members: [Sample.member(Sample.hulk)])
    limited.maxMembers = 3
    try file.save(limited)
    // The same members without the limit: commit carries the limit over, so the file form is the same.
    let (_, same) = try file.change(by: "import --replace", at: Sample.moment) { _ in
      (SquadEdit(squad: Squad(members: [Sample.member(Sample.hulk)])), ())
    }
    #expect(same == nil)
    #expect(try file.history.read().entries.isEmpty)
    #expect(try file.load() == limited)
  }

  @Test func anUnwritableFolderIsAnErrorNotACrash() throws {
    let blocker = home.file("blocker")
    try home.write("a file, not a folder", to: "blocker")
    let squadFile = SquadFile(paths: SquadPaths(home: blocker + "/inside"))
    #expect(throws: PersistenceError.self) { try squadFile.save(Squad()) }
  }
}

@Suite struct SquadPathsTests {
  @Test func homeFlagBeatsEnvironmentAndXDG() {
    let paths = SquadPaths.resolve(home: "/tmp/flag", environment: ["SQUAD_HOME": "/tmp/env", "XDG_DATA_HOME": "/x"])
    #expect(paths.squadFile == "/tmp/flag/squad.json")
    #expect(paths.catalogueFile == "/tmp/flag/catalogue.sqc")
    #expect(paths.configFile == "/tmp/flag/config.json")
  }

  @Test func squadHomeBeatsXDG() {
    #expect(SquadPaths.resolve(home: nil, environment: ["SQUAD_HOME": "/tmp/env"]).lockFile == "/tmp/env/squad.lock")
  }

  @Test func xdgDirectoriesKeepTheSquadOutOfTheCache() {
    let paths = SquadPaths.resolve(
      home: nil, environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "relative/ignored"])
    #expect(paths.squadFile == "/home/u/.local/share/squad/squad.json")
    #expect(paths.cacheDirectory == "/c/squad")
    #expect(paths.configFile == "/home/u/.config/squad/config.json")
  }
}
