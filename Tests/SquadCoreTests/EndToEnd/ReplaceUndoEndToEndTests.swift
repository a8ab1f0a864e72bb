import Foundation
import Testing

@testable import SquadCore

/// `import --replace` and the history undo reads, with the real binary: what a replace says
/// matches what it recorded, and what it removed can be brought back.
@Suite struct ReplaceUndoEndToEndTests {
  let squad = SquadProcess()

  private func ids(_ arguments: String...) throws -> [String] {
    try squad.run(arguments: arguments).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  @Test func aReplaceByWhatTheSquadHoldsSaysNothingChanged() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("recruit", "iron man").status == 0)
    let csv = try squad.run("export", "--format", "csv").stdout
    try csv.write(toFile: squad.home.file("same.csv"), atomically: true, encoding: .utf8)
    let replaced = try squad.run("import", squad.home.file("same.csv"), "--replace")
    #expect(replaced.status == 0)
    #expect(replaced.stderr.hasPrefix("Nothing changed: the file holds the squad as it is"), "\(replaced.stderr)")
    #expect(!replaced.stderr.contains("Imported"), "\(replaced.stderr)")
    #expect(try squad.run("history").stdout.split(separator: "\n").count == 2)
  }
}
