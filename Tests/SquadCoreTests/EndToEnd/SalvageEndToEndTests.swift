import Foundation
import Testing

@testable import SquadCore

/// `squad catalogue import` of squad's own damaged catalogue files through the real binary: what
/// it brings back, what it says it could not, and how it exits.
@Suite struct SalvageEndToEndTests {
  /// A home whose catalogue holds the bundled set and two imported heroes, and its file's bytes.
  func home() throws -> (SquadProcess, [UInt8]) {
    let squad = SquadProcess()
    try squad.home.write(#"[{"id":5000001,"name":"Someone"},{"id":5000002,"name":"Other"}]"#, to: "two.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("two.json")).status == 0)
    return (squad, try #require(squad.home.contents("catalogue.sqc").map(Array.init)))
  }

  @Test func aCRLFCopyImportsEveryRecord() throws {
    let (squad, bytes) = try home()
    let crlf = bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
    try Data(crlf).write(to: URL(fileURLWithPath: squad.home.file("crlf.sqc")))
    let other = SquadProcess()
    let result = try other.run("--offline", "catalogue", "import", squad.home.file("crlf.sqc"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("heroes: 2 added"), "\(result.stderr)")
    #expect(!result.stderr.contains("left out"))
  }

  @Test func anImportThatLeavesOutEveryRecordExits65SayingSo() throws {
    let (squad, bytes) = try home()
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    for index in lines.indices where lines[index].starts(with: Array(#"{"k":"#.utf8)) { lines[index][6] ^= 1 }
    try Data(Array(lines.joined(separator: [UInt8(ascii: "\n")]))).write(
      to: URL(fileURLWithPath: squad.home.file("damaged.sqc")))
    let other = SquadProcess()
    let text = try other.run("--offline", "catalogue", "import", squad.home.file("damaged.sqc"))
    #expect(text.status == 65)
    #expect(text.stderr.contains("(1,566 damaged records left out)"), "\(text.stderr)")
    #expect(
      text.stderr.contains(
        "Error: Nothing was imported: not one record or comic found reads intact (1,566 damaged records left out)."))
    let json = try other.run("--offline", "-q", "catalogue", "import", squad.home.file("damaged.sqc"), "--json")
    #expect(json.status == 65)
    #expect(json.stdout.contains(#""leftOut":1566"#), "the report is still the data")
    #expect(json.stderr.contains("Nothing was imported"))
  }
}
