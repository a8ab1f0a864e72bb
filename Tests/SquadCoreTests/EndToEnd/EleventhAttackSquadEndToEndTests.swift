import Foundation
import Testing

@testable import SquadCore

/// What the eleventh hostile attack found in fire, catalogue import and messages, with the real binary.
struct EleventhAttackSquadEndToEndTests {
  let squad = SquadProcess()

  /// F17: a name matching no member but several heroes of the catalogue made the second of two
  /// identical fires exit 3, listing heroes none of whom is in the squad.
  @Test func firingTheSameAmbiguousNameTwiceSucceedsTwice() throws {
    #expect(try squad.run("recruit", "1009610", "thor", "-q").status == 0)
    let first = try squad.run("fire", "spider-man", "--yes")
    #expect(first.status == 0 && first.stderr.contains("Fired Spider-Man"), "\(first.stderr)")
    let second = try squad.run("fire", "spider-man", "--yes")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("No member of the squad is named 'spider-man'; nothing changed"), "\(second.stderr)")
    #expect(!second.stderr.contains("matches"), "\(second.stderr)")
    // A member named beside it is still fired; the squad file keeps Thor only until then.
    let both = try squad.run("fire", "spider-man", "thor", "--yes")
    #expect(both.status == 0 && both.stderr.contains("Fired Thor."), "\(both.stderr)")
    #expect(try squad.run("list").stdout.isEmpty)
  }
}
