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

  /// F19: squad's own catalogue cut inside its header, or with a header that is not JSON, was
  /// "imported" as zero heroes with exit 0: it is damaged, and nothing came back from it.
  @Test(arguments: [400, 18, 0])
  func aCatalogueWhoseHeaderIsCutOrBrokenIsNotAnImportOfNothing(_ kept: Int) throws {
    try squad.home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let bytes = try #require(squad.home.contents("catalogue.sqc").map(Array.init))
    // 18 bytes: the magic line alone; 0: the magic line and a header that is not JSON.
    let damaged = kept == 0 ? Array("squad-catalogue 5\nnot json\n".utf8) : Array(bytes.prefix(kept))
    try Data(damaged).write(to: URL(fileURLWithPath: squad.home.file("cut.sqc")))
    let other = SquadProcess()
    let text = try other.run("--offline", "catalogue", "import", squad.home.file("cut.sqc"))
    #expect(text.status == 65, "\(text.stderr)")
    #expect(text.stderr.contains("Read 1 file (the file is damaged: its header"), "\(text.stderr)")
    #expect(
      text.stderr.contains(
        "Error: Nothing was imported: the file is damaged: its header is cut short or does not read."),
      "\(text.stderr)")
    let json = try other.run("--offline", "-q", "catalogue", "import", squad.home.file("cut.sqc"), "--json")
    #expect(json.status == 65 && json.stdout.contains(#""damagedHeaders":1"#), "\(json.stdout)")
  }

  /// F14: a damaged named squad's error advised `squad import <file> --replace`, which replaces
  /// the default squad; the advice names the squad.
  @Test func aDamagedNamedSquadsAdviceNamesTheSquad() throws {
    #expect(try squad.run("squads", "create", "av", "-q").status == 0)
    #expect(try squad.run("--squad", "av", "recruit", "thor", "-q").status == 0)
    #expect(try squad.run("recruit", "thor", "-q").status == 0)
    try squad.home.write(#"{"schemaVersion":1,"members":[{"#, to: "squads/av/squad.json")
    let named = try squad.run("--squad", "av", "list")
    #expect(named.status == 65, "\(named.stderr)")
    #expect(named.stderr.contains("replace it with 'squad --squad av import <file> --replace'."), "\(named.stderr)")
    try squad.home.write(#"{"schemaVersion":1,"members":[{"#, to: "squad.json")
    let plain = try squad.run("list")
    #expect(
      plain.status == 65 && plain.stderr.contains("replace it with 'squad import <file> --replace'."), "\(plain.stderr)"
    )
  }

  /// F16: `recruit - -` was told '-' reads stdin "for recruit only"; the rule it broke is that stdin is read once.
  @Test func recruitWithTwoDashesSaysStdinIsReadOnce() throws {
    let result = try CLIProcess.start(
      CLIProcess.binary, ["recruit", "-", "-"], environment: squad.environment, directory: nil,
      stdin: Data("hulk\n".utf8)
    ).wait()
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("('-' (stdin) may be given once)"), "\(result.stderr)")
    #expect(!result.stderr.contains("for recruit only"), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
  }
}
