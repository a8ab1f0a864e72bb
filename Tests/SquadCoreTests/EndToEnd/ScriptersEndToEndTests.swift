import Foundation
import Testing

@testable import SquadCore

/// What scripts and newcomers are told (issue 31): a page cut short says so on stderr, counts in
/// sentences are grouped, `--output`'s extension names the format, and a local `show` points at
/// what would add comics.
@Suite struct ScriptersEndToEndTests {
  @Test func heroesCutShortInAPipeSaysSoOnStderrWithGroupedNumbers() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["heroes"], home: home.path)
    #expect(result.status == 0)
    #expect(result.lines.count == 20)
    let total = Grouped.format(BundledCatalogue.index.count)
    #expect(result.stderr.contains("Showing 1–20 of \(total). Next page: --offset 20, or --all."), "\(result.stderr)")
    for asked in [["--all"], ["--limit", "5"]] {
      let all = try CLIProcess.run(["heroes"] + asked, home: home.path)
      #expect(!all.stderr.contains("Showing"), "\(all.stderr)")
    }
    let past = try CLIProcess.run(["heroes", "--offset", "2000"], home: home.path)
    #expect(past.stderr.contains("there are \(total)"), "\(past.stderr)")
    let catalogue = try CLIProcess.run(["catalogue"], home: home.path)
    #expect(catalogue.stdout.contains("Heroes:          \(total) ("), "\(catalogue.stdout)")
  }

  @Test(arguments: [
    ("x.csv", "id,name,"), ("x.tsv", "1009610\t"), ("x.md", "# default\n\n| name |"), ("x.jsonl", "{\"id\":"),
  ])
  func exportTakesTheFormatFromAKnownExtension(file: String, start: String) throws {
    let home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
    #expect(try CLIProcess.run(["export", "--output", file], home: home.path).status == 0)
    let text = String(decoding: home.contents(file) ?? Data(), as: UTF8.self)
    #expect(text.hasPrefix(start), "\(text)")
  }

  @Test func aFormatThatDisagreesWithTheExtensionIsRefused() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["export", "--format", "json", "--output", "x.csv"], home: home.path)
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--output' names a csv file but the format is json"), "\(result.stderr)")
    #expect(home.contents("x.csv") == nil)
    #expect(try CLIProcess.run(["export", "--format", "csv", "--output", "x.backup"], home: home.path).status == 0)
  }

  @Test func aLocalShowPointsAtCatalogueImportNotAtAPIKeys() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["show", "1009610"], home: home.path)
    #expect(!result.stdout.contains("API keys"), "\(result.stdout)")
  }

  @Test func aChoiceIsTakenInAnyCaseAsFieldsAre() throws {
    let home = TemporaryDirectory()
    let upper = try CLIProcess.run(
      ["heroes", "--order", "-Comics", "--limit", "3", "--format", "TSV"], home: home.path)
    let lower = try CLIProcess.run(
      ["heroes", "--order", "-comics", "--limit", "3", "--format", "tsv"], home: home.path)
    #expect(upper.status == 0, "\(upper.stderr)")
    #expect(upper.stdout == lower.stdout)
  }
}
