import Foundation
import Testing

@testable import SquadCore

/// `squad import` run as a user would: a bad file changes nothing, a good one is one save.
@Suite struct ImportCommandTests {
  static let brokenFiles: [(String, String)] = [
    ("bad-id.csv", "id,name\n1009610,Spider-Man\nabc,Nobody\n"),
    ("no-name.jsonl", "{\"id\":1,\"name\":\"One\"}\n{\"id\":2}\n"),
    ("syntax.json", "{\"schemaVersion\": 1, \"members\": [\n{\"id\": 1, \"name\": \"x\"\n]}"),
    ("newer.json", "{\"schemaVersion\": 9, \"members\": []}"),
    ("duplicate.csv", "id,name\n5,Five\n5,Again\n"),
    ("bad-date.jsonl", "{\"id\":3,\"name\":\"Three\",\"recruitedAt\":\"tomorrow\"}\n"),
    ("unclosed.csv", "id,name\n4,\"Four\n"),
    ("empty.csv", ""),
  ]

  @Test(arguments: brokenFiles.indices)
  func aBrokenFileExits65AndLeavesTheSquadFileBytesUnchanged(index: Int) throws {
    let (name, text) = Self.brokenFiles[index]
    let home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
    let before = try #require(home.contents("squad.json"))
    try home.write(text, to: name)
    for extra in [[], ["--replace"]] {
      let result = try CLIProcess.run(["import", name] + extra, home: home.path)
      #expect(result.status == 65, "\(name) \(extra)")
      #expect(result.stderr.hasPrefix("Error: \(name)"), "\(result.stderr)")
      #expect(
        result.stderr.hasSuffix("Nothing was imported; the squad is unchanged. Fix the file and import it again.\n"))
      #expect(home.contents("squad.json") == before)
    }
    #expect(try home.listing() == [name, "squad.json"].sorted())
  }

  @Test func aMergeIntoACorruptSquadFileExits65AndReplaceIsTheWayOut() throws {
    let home = TemporaryDirectory()
    try home.write("{\"schemaVersion\": 1, \"members\": [", to: "squad.json")
    try home.write(try SampleSquad.golden("sample.jsonl"), to: "in.jsonl")
    let merge = try CLIProcess.run(["import", "in.jsonl"], home: home.path)
    #expect(merge.status == 65)
    #expect(merge.stderr.contains("squad.json is not a valid squad file"))
    #expect(home.contents("squad.json") == Data("{\"schemaVersion\": 1, \"members\": [".utf8))

    let replace = try CLIProcess.run(["import", "in.jsonl", "--replace"], home: home.path)
    #expect(replace.status == 0)
    #expect(replace.stderr == "Imported 3 members, replacing the squad file that could not be read.\n")
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == SampleSquad.squad)
  }

  @Test func mergingSaysHowManyWereAlreadyThere() throws {
    let home = TemporaryDirectory()
    try home.save(Squad(members: [SampleSquad.squad.members[1]]))
    try home.write(try SampleSquad.golden("sample.csv"), to: "in.csv")
    let result = try CLIProcess.run(["import", "in.csv"], home: home.path)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "Imported 2 members (1 already in the squad).\n")
    let ids = try SquadFile(paths: SquadPaths(home: home.path)).load().members.map(\.id.rawValue)
    #expect(ids == [1_009_351, 1_009_610, 1_009_368])
  }

  @Test func dashReadsTheExportFromStdin() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(
      ["import", "-"], home: home.path, stdin: Data(try SampleSquad.golden("sample.json").utf8))
    #expect(result.status == 0)
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == SampleSquad.squad)
  }

  @Test func problemsFromStdinAreLabelledStdin() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["import", "-"], home: home.path, stdin: Data("id,name\n-1,x\n".utf8))
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: <stdin>:2: id: expected a whole number, found '-1'\n"))
  }

  @Test func aMissingFileIsAFileSystemFailure() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["import", "nowhere.json"], home: home.path)
    #expect(result.status == 1)
    #expect(result.stderr == "Error: Could not read nowhere.json: there is no such file.\n")
  }
}
