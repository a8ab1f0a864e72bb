import Foundation
import Testing

@testable import SquadCore

/// `--format`, `--json` and `--no-headers` for every listing command, id first and name second.
@Suite struct OutputFormatTests {
  let home: TemporaryDirectory

  init() throws {
    home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
  }

  @Test func aPipeGetsTSVWithoutAHeaderSoCutYieldsIds() throws {
    let list = try CLIProcess.run(["list"], home: home.path)
    #expect(list.lines.map { $0.split(separator: "\t").first.map(String.init) } == ["1009610", "1009351", "1009368"])
    let heroes = try CLIProcess.run(["heroes", "spider-man (p"], home: home.path)
    #expect(heroes.stdout.hasPrefix("1009610\tSpider-Man (Peter Parker)\t"))
    #expect(heroes.stdout.hasSuffix("\tyes\n"))
    #expect(heroes.lines.count == 1)
  }

  @Test func csvHasAHeaderUnlessNoHeaders() throws {
    let csv = try CLIProcess.run(["heroes", "hulk", "--limit", "1", "--format", "csv"], home: home.path)
    #expect(csv.stdout.hasPrefix("id,name,comics,inSquad\r\n1009351,Hulk,"))
    let bare = try CLIProcess.run(["list", "--format", "csv", "--no-headers"], home: home.path)
    #expect(bare.stdout.hasPrefix("1009610,Spider-Man (Peter Parker),2026-01-02T03:04:05Z\r\n"))
  }

  @Test func jsonIsOneDocumentAndJSONLOneObjectPerLine() throws {
    let json = try CLIProcess.run(["show", "1009351", "--json"], home: home.path)
    let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
    #expect(object?["name"] as? String == "Hulk")
    #expect(object?["attribution"] as? String == "Data provided by Marvel. © MARVEL")
    let lines = try CLIProcess.run(["list", "--format", "jsonl"], home: home.path).lines
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("{\"id\":1009610,\"name\":\"Spider-Man (Peter Parker)\"") == true)
  }

  @Test func aTableWithNoHeadersHasOnlyRowsThenTheAttribution() throws {
    let result = try CLIProcess.run(["list", "--format", "table", "--no-headers"], home: home.path)
    #expect(result.lines.count == 5)
    #expect(result.lines.first?.contains("1009610") == true)
    #expect(result.lines.dropLast().last?.hasPrefix("Totals: 3 members, ") == true, "the rows, then the totals")
    #expect(result.lines.last == "Data provided by Marvel. © MARVEL")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
  func aTerminalGetsAnAlignedTableCutToItsWidth() throws {
    let result = try PseudoTerminal.run(["heroes", "spider-man", "--color", "never"], home: home.path)
    let rows = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows.first?.hasPrefix("     ID  NAME") == true)
    #expect(rows.allSatisfy { DisplayWidth.of($0) <= 100 })
  }
}
