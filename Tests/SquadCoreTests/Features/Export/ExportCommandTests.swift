import Foundation
import Testing

@testable import SquadCore

/// `squad export` from the command line: options into a request, and the binary end to end.
@Suite struct ExportCommandTests {
  func parse(_ arguments: [String]) throws -> ParsedArguments {
    try CommandLineParser.result(arguments).get()
  }

  @Test func exportDefaultsToJSONWithEveryFieldToStdout() throws {
    let request = try ExportCommand.request(from: try parse(["export"]), now: SampleSquad.exportedAt)
    #expect(request == ExportRequest(format: .json, exportedAt: SampleSquad.exportedAt))
  }

  @Test func fieldsAreReadInTheOrderGivenIgnoringCase() throws {
    let request = try ExportCommand.request(
      from: try parse(["export", "--fields", "Name, recruitedat,id"]), now: .distantPast)
    #expect(request.fields == [.name, .recruitedAt, .id])
  }

  @Test func anUnknownFieldIsAUsageErrorNamingTheValidOnes() throws {
    let arguments = try parse(["export", "--fields", "id,power"])
    let result = Result { () throws(UsageError) in try ExportCommand.request(from: arguments, now: .distantPast) }
    #expect(
      result.failure?.message
        == "Unknown field 'power' for '--fields'. Valid fields: id, name, description, thumbnail, recruitedAt, comics, series, stories, events, modified."
    )
  }

  @Test func aFieldListedTwiceIsAUsageError() throws {
    let arguments = try parse(["export", "--fields", "id,ID"])
    let result = Result { () throws(UsageError) in try ExportCommand.request(from: arguments, now: .distantPast) }
    #expect(result.failure?.message == "The field 'id' is listed twice in '--fields'.")
  }

  @Test func markdownIsAFormatForExportOnly() {
    #expect((try? CommandLineParser.result(["export", "--format", "markdown"]).get()) != nil)
    #expect((try? CommandLineParser.result(["--format", "markdown", "export"]).get()) != nil)
    #expect(
      CommandLineParser.result(["list", "--format", "markdown"]).failure?.message.contains("'markdown' is invalid")
        == true)
    #expect(
      CommandLineParser.result(["export", "--format", "table"]).failure?.message.contains("'table' is invalid") == true)
  }

  @Test func dashOutputMeansStdout() throws {
    let request = try ExportCommand.request(from: try parse(["export", "--output", "-"]), now: .distantPast)
    #expect(request.destination == .standardOutput)
  }

  @Test func theBinaryWritesTheOutputFileAtomicallyAndSaysSo() throws {
    let home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
    try FileManager.default.createDirectory(atPath: home.file("out"), withIntermediateDirectories: false)
    let result = try CLIProcess.run(["export", "--format", "csv", "--output", "out/squad.csv"], home: home.path)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "Exported 3 members to out/squad.csv.\n")
    let written = try #require(home.contents("out/squad.csv"))
    #expect(String(decoding: written, as: UTF8.self).hasPrefix("id,name,description,thumbnail,recruitedAt\r\n1009610,"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.file("out")) == ["squad.csv"])
  }

  @Test func theBinaryRefusesAnUnknownFieldWithExit64() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["export", "--fields", "id,nmae"], home: home.path)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "Error: Unknown field 'nmae' for '--fields'. Valid fields: id, name, description, thumbnail, recruitedAt, comics, series, stories, events, modified.\n"
      ))
  }

  @Test func anEmptySquadExportsAnEmptyMembersList() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["export", "--format", "jsonl"], home: home.path)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("The squad is empty"))
  }

  @Test func aCorruptSquadFileExits65AndWritesNoOutput() throws {
    let home = TemporaryDirectory()
    try home.write("{not json", to: "squad.json")
    let result = try CLIProcess.run(["export", "--output", "out.json"], home: home.path)
    #expect(result.status == 65)
    #expect(home.contents("out.json") == nil)
    #expect(result.stderr.contains("is not a valid squad file"))
  }
}

extension Result {
  /// The error, when this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
