import Foundation
import Testing

@testable import SquadCore

/// Colour only for tables on a terminal, unless NO_COLOR or TERM=dumb says no; CLICOLOR_FORCE
/// or --color always forces it, for tables only. Checked on a real pseudo-terminal and a pipe.
@Suite struct ColourRulesTests {
  static let escape = "\u{1B}"
  let home: TemporaryDirectory

  init() throws {
    home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
  func aTerminalGetsAColouredTableByDefault() throws {
    let result = try PseudoTerminal.run(["list"], home: home.path)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[1m     ID  NAME"))
    #expect(result.stdout.contains("Spider-Man (Peter Parker)"))
  }

  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"),
    arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
  func noColorOrADumbTerminalGivesNoEscapeSequences(environment: [String: String]) throws {
    for command in [["list"], ["heroes", "spider-man"], ["show", "1009610"]] {
      let result = try PseudoTerminal.run(command, home: home.path, environment: environment)
      #expect(result.status == 0)
      #expect(result.stdout.count > 100, "\(command) printed \(result.stdout)")
      #expect(!result.stdout.contains(Self.escape), "\(command) \(environment)")
    }
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
  func colorNeverWinsOnATerminal() throws {
    let result = try PseudoTerminal.run(
      ["list", "--color", "never"], home: home.path, environment: ["CLICOLOR_FORCE": "1"])
    #expect(result.stdout.contains("Spider-Man"))
    #expect(!result.stdout.contains(Self.escape))
  }

  @Test func colorAlwaysInAPipeColoursTablesOnly() throws {
    let table = try CLIProcess.run(["list", "--color", "always", "--format", "table"], home: home.path)
    #expect(table.stdout.contains("\u{1B}[1m     ID  NAME"))
    for format in ["tsv", "json", "jsonl", "csv"] {
      let result = try CLIProcess.run(["list", "--color", "always", "--format", format], home: home.path)
      #expect(result.status == 0)
      #expect(result.stdout.contains("1009610"))
      #expect(!result.stdout.contains(Self.escape), "\(format)")
    }
    let defaultFormat = try CLIProcess.run(["list", "--color", "always"], home: home.path)
    #expect(defaultFormat.stdout.hasPrefix("1009610\tSpider-Man (Peter Parker)\t"))
    #expect(!defaultFormat.stdout.contains(Self.escape))
  }

  @Test func cliColorForceColoursATableInAPipe() throws {
    let forced = try CLIProcess.run(
      ["heroes", "hulk", "--format", "table"], home: home.path, environment: ["CLICOLOR_FORCE": "1"])
    #expect(forced.stdout.contains("\u{1B}[1m     ID  NAME"))
    #expect(forced.stdout.contains("\u{1B}[2mData provided by Marvel. © MARVEL"))
    let off = try CLIProcess.run(
      ["heroes", "hulk", "--format", "table"], home: home.path, environment: ["CLICOLOR_FORCE": "0"])
    #expect(!off.stdout.contains(Self.escape))
  }

  @Test func exportsAreNeverColoured() throws {
    for format in ExportFormat.allCases {
      let result = try CLIProcess.run(["export", "--format", format.rawValue, "--color", "always"], home: home.path)
      #expect(!result.stdout.contains(Self.escape), "\(format)")
    }
  }

  @Test func theRulesInProcess() {
    let tty = TerminalInfo(stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: true, width: 90)
    let pipe = TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false)
    func settings(
      _ terminal: TerminalInfo, format: String? = nil, color: String? = nil, _ environment: [String: String] = [:]
    )
      -> OutputSettings
    {
      OutputSettings.resolve(
        formatFlag: format, json: false, colorFlag: color, noHeaders: false, terminal: terminal,
        environment: environment)
    }
    #expect(settings(tty) == OutputSettings(format: .table, color: true, width: 90, prettyJSON: true))
    #expect(settings(tty, ["NO_COLOR": "1"]).color == false)
    #expect(settings(tty, ["NO_COLOR": ""]).color == true)
    #expect(settings(tty, ["TERM": "dumb"]).color == false)
    #expect(settings(tty, format: "csv", color: "always").color == false)
    #expect(settings(pipe) == OutputSettings(format: .tsv, color: false))
    #expect(settings(pipe, format: "table", ["CLICOLOR_FORCE": "1"]).color == true)
    #expect(settings(pipe, format: "table", color: "never", ["CLICOLOR_FORCE": "1"]).color == false)
  }
}
