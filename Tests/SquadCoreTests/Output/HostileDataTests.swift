import Foundation
import Testing

@testable import SquadCore

/// Names with direction marks and descriptions full of escape sequences, from the catalogue,
/// the squad or an import file, never reach the terminal raw: not in tables, cards, TSV, CSV,
/// Markdown, JSON, notices, errors, prompts or completion candidates. (A name holds no control
/// character: ``HeroLimits`` refuses one.)
@Suite struct HostileDataTests {
  static let evil = "Evil\u{1B}[31m Red\u{1B}]0;owned\u{07} \u{202E}esrever \u{9B}2J"
  static let evilName = "Evil Red \u{202E}esrever"
  static let forbidden: Set<Unicode.Scalar> = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"]
  let home: TemporaryDirectory

  init() throws {
    home = TemporaryDirectory()
    let hero =
      #"{"id":9000001,"name":"Evil Red \u202eesrever","#
      + #""description":"Line\u001b[2J\r\nbreak \u009b2J","modified":"2020-01-01T00:00:00Z","comics":1,"#
      + #""urls":[{"type":"wiki\u001b[5m","url":"http://x.example/\u001b[1m"}]}"#
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(
      #"{"schemaVersion":1,"updatedAt":"2026-01-01T00:00:00Z","heroes":["# + hero + "]}", to: "cache/catalogue.json")
    try home.save(
      Squad(members: [
        Member(
          id: HeroID(9_000_002), name: Self.evilName, description: Self.evil, thumbnail: Self.evil,
          recruitedAt: .distantPast)
      ]))
  }

  func expectClean(_ result: CLIResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = result.stdout + result.stderr
    #expect(!text.unicodeScalars.contains { Self.forbidden.contains($0) }, "\(what)", sourceLocation: sourceLocation)
    #expect(
      text.contains("Evil") || text.contains("Line") || text.contains("["), "\(what) printed nothing useful",
      sourceLocation: sourceLocation)
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
  func terminalOutputIsClean() throws {
    let plain = ["NO_COLOR": "1", "TERM": "dumb"]
    for command in [["heroes", "evil"], ["show", "9000001"], ["list"], ["recruit", "9000001"], ["show", Self.evil]] {
      expectClean(try PseudoTerminal.run(command, home: home.path, environment: plain, mergeStderr: true), "\(command)")
    }
    let prompt = try PseudoTerminal.run(
      ["fire", "9000001"], home: home.path, environment: plain, mergeStderr: true, answer: "n\n")
    #expect(prompt.stdout.contains("from the squad? [y/N]"))
    expectClean(prompt, "the fire prompt")
  }

  // CSV is the exception: its cells keep every character, so an export imports back exactly
  // (CSVExactRoundTripTests); it is cleaned only on a terminal (terminalCSVIsClean).
  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
  func terminalCSVIsClean() throws {
    let plain = ["NO_COLOR": "1", "TERM": "dumb"]
    for command in [
      ["list", "--format", "csv"], ["heroes", "evil", "--format", "csv"], ["export", "--format", "csv"],
    ] {
      expectClean(try PseudoTerminal.run(command, home: home.path, environment: plain, mergeStderr: true), "\(command)")
    }
  }

  @Test func pipedListingsAndExportsAreClean() throws {
    for format in OutputFormat.allCases where format != .csv {
      expectClean(try CLIProcess.run(["list", "--format", format.rawValue], home: home.path), "list \(format)")
      expectClean(
        try CLIProcess.run(["heroes", "evil", "--format", format.rawValue], home: home.path), "heroes \(format)")
    }
    for format in ExportFormat.allCases where format != .csv {
      expectClean(try CLIProcess.run(["export", "--format", format.rawValue], home: home.path), "export \(format)")
    }
    expectClean(try CLIProcess.run(["__complete", "--", "recruit", "ev"], home: home.path), "completion candidates")
  }

  @Test func importErrorsAreClean() throws {
    try home.write("id,name\n\(Self.evil),x\n", to: "bad.csv")
    let result = try CLIProcess.run(["import", "bad.csv"], home: home.path)
    #expect(result.status == 65)
    expectClean(result, "import error")
  }
}
