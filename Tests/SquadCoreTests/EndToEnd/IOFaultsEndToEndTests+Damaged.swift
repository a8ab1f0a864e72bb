import Foundation
import Testing

@testable import SquadCore

/// Found by the attack where faults meet damage: a write over a damaged catalogue moved it aside
/// before the new file was written, so a write that then failed left no catalogue at all while
/// saying "Nothing was changed", and `catalogue check` called the missing file whole; an import
/// refused for its own bad data had moved the catalogue aside and rewritten it all the same.
extension IOFaultsEndToEndTests {
  /// A home with 30 imported heroes whose catalogue's header says one hero more than it holds.
  func damagedHome() throws -> SquadProcess {
    let squad = try homeWithImports()
    let text = String(decoding: try #require(squad.home.contents("catalogue.sqc")), as: UTF8.self)
    let count = try #require(text.firstRange(of: #/"count":(\d+)/#))
    let number = try #require(Int(text[count].dropFirst(8)))
    try squad.home.write(text.replacingCharacters(in: count, with: #""count":\#(number + 1)"#), to: "catalogue.sqc")
    return squad
  }

  func asideFiles(_ squad: SquadProcess) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: squad.home.path)) ?? []).filter { $0.contains(".damaged-") }
  }

  @Test func aWriteOverADamagedCatalogueThatFailsLeavesItWhereItWas() throws {
    let faults = [
      ["-e", "trace=rename", "-e", "inject=rename:error=EIO:when=1"],
      ["-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1"],
      ["-e", "trace=write", "-e", "inject=write:error=ENOSPC:when=1"],
    ]
    var failed = 0
    for fault in faults {
      for command in [
        ["catalogue", "check", "--repair"], ["catalogue", "import", "MORE"], ["catalogue", "reset", "--yes"],
      ] {
        let squad = try damagedHome()
        let before = try #require(squad.home.contents("catalogue.sqc"))
        let arguments = command.map { $0 == "MORE" ? squad.home.file("more.json") : $0 }
        let result = try run(squad, fault, arguments: arguments)
        let label = "\(fault) \(command): \(result.stderr)"
        guard result.status != 0 else {
          // The fault met a call the write can do without (an import's spool falls back to memory).
          #expect(asideFiles(squad).count == 1 && result.stderr.contains("was moved to"), "\(label)")
          #expect(try squad.run("catalogue", "check").status == 0, "\(label)")
          continue
        }
        failed += 1
        #expect(result.status == 1, "\(label)")
        #expect(squad.home.contents("catalogue.sqc") == before, "\(label): the damaged file where it was")
        #expect(asideFiles(squad).isEmpty, "\(label): nothing kept aside for a write that did not happen")
        #expect(!result.stderr.contains("was moved to"), "\(label)")
        #expect(try squad.run("catalogue", "check").status == 65, "\(label): still damaged, and said so")
      }
    }
    #expect(failed >= 8, "the faults met the writes")
  }

  @Test func aFolderFlushThatFailsAfterTheReplaceStillNamesTheKeptFile() throws {
    let squad = try damagedHome()
    let fault = ["-P", squad.home.path, "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1"]
    let result = try run(squad, fault, arguments: ["catalogue", "check", "--repair"])
    let kept = try #require(asideFiles(squad).first, "\(result.stderr)")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("Could not finish writing"), "\(result.stderr)")
    #expect(result.stderr.contains("'squad catalogue import \(squad.home.file(kept))'"), "\(result.stderr)")
    #expect(try squad.run("catalogue", "check").status == 0, "the new catalogue is whole")
  }

  @Test func anImportRefusedForItsOwnDataLeavesADamagedCatalogueAlone() throws {
    let squad = try damagedHome()
    let before = try #require(squad.home.contents("catalogue.sqc"))
    try squad.home.write(#"{"id":-1,"name":"x"}"#, to: "bad.jsonl")
    let result = try squad.run("catalogue", "import", squad.home.file("bad.jsonl"))
    #expect(result.status == 65, "\(result.stderr)")
    #expect(squad.home.contents("catalogue.sqc") == before)
    #expect(asideFiles(squad).isEmpty, "\(result.stderr)")
  }

  @Test func aRepairThatSucceedsKeepsTheDamagedFileAsideAndSaysSoOnce() throws {
    let squad = try damagedHome()
    let result = try squad.run("catalogue", "check", "--repair")
    #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
    let aside = asideFiles(squad)
    #expect(aside.count == 1 && result.stderr.contains("was moved to"), "\(aside) \(result.stderr)")
    #expect(!result.stderr.contains("so squad answers from what is intact"), "the report says it; \(result.stderr)")
    #expect(try squad.run("catalogue", "check").status == 0)
    #expect(try importedCount(squad) == 30)
  }

  @Test func checkWithNoCatalogueFileSaysSoNeverWhole() throws {
    let squad = SquadProcess()
    let result = try squad.run("catalogue", "check")
    #expect(result.status == 0)
    #expect(result.stdout.contains("is not there: the bundled set (1,564 heroes) answers"), "\(result.stdout)")
    let json = try squad.run("catalogue", "check", "--json")
    let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
    #expect(object?["exists"] as? Bool == false && object?["damaged"] as? Bool == false, "\(json.stdout)")
  }
}
