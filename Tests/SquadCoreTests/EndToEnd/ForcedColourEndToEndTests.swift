import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 15: `--color always` colours the table a user asks for, even in a pipe
/// (`squad heroes --format table --color always | less -R`); a pipe without `--format` still
/// gets plain TSV, machine formats never carry colour, and help says which format can.
@Suite struct ForcedColourEndToEndTests {
  static let escape = "\u{1B}["

  @Test(arguments: [["heroes"], ["list"], ["show", "1009610"], ["squads"], ["history"]])
  func theTableAskedForCarriesColourInAPipe(command: [String]) throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "1009610", "-q").status == 0)
    let table = try squad.run(arguments: command + ["--format", "table", "--color", "always", "-q"])
    #expect(table.status == 0)
    #expect(table.stdout.contains(Self.escape), "\(table.stdout)")
  }

  @Test(arguments: [[], ["--format", "tsv"], ["--format", "csv"], ["--format", "json"], ["--format", "jsonl"]])
  func otherFormatsStayPlainWhateverColourIsAskedFor(format: [String]) throws {
    let squad = SquadProcess(environment: ["CLICOLOR_FORCE": "1"])
    let plain = try squad.run(arguments: ["heroes", "--color", "always", "-q"] + format)
    #expect(plain.status == 0)
    #expect(!plain.stdout.isEmpty && !plain.stdout.contains(Self.escape), "\(plain.stdout)")
    if format.isEmpty { #expect(plain.lines.first?.hasPrefix("1011334\t3-D Man\t") == true, "a pipe gets TSV") }
  }

  @Test func helpSaysOnlyTheTableFormatCarriesColour() throws {
    let help = try SquadProcess().run("heroes", "--help").stdout  // descriptions wrap under column 26
      .replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
    let line = try #require(help.split(separator: "\n").first { $0.contains("--color") })
    #expect(line.contains("table") && line.contains("never json, jsonl, csv or tsv"), "\(line)")
    let formatting = try SquadProcess().run("help", "formatting").stdout
    #expect(formatting.contains("--format table --color always | less -R"))
  }
}
