import Foundation
import Testing

@testable import SquadCore

/// What the ninth hostile attack left open (its findings 6, 9 and 10), with the real binary.
@Suite struct NinthAttackLeftEndToEndTests {
  let squad = SquadProcess()

  private func recruit(stdin text: String) throws -> SquadProcess.Outcome {
    try CLIProcess.start(
      CLIProcess.binary, ["recruit", "-"], environment: squad.environment, directory: nil, stdin: Data(text.utf8)
    ).wait()
  }

  /// Finding 6: a line whose first field is empty took its second field, against "each line's first field".
  @Test(arguments: [("\thulk\n", 1), ("thor\n  \t1009351\n", 2)])
  func recruitFromStdinRefusesARowWhoseFirstFieldIsEmpty(_ text: String, line: Int) throws {
    let result = try recruit(stdin: text)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("line \(line) of stdin has an empty first field"), "\(result.stderr)")
    #expect(result.stderr.contains("Nothing was recruited."), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    // A row with its first field, and a line of blanks and tabs only, are read as before.
    let kept = try recruit(stdin: "1009351\tHulk\n\t \n")
    #expect(kept.status == 0 && kept.stderr.contains("Recruited Hulk."), "\(kept.stderr)")
  }
}
