import Foundation
import Testing

@testable import SquadCore

/// What the eleventh attack found in name look-up and shell completion.
@Suite struct EleventhAttackEndToEndTests {
  /// A member named as an id reads ('#1009351', '1009368') is completed as its own id, so the
  /// completed `fire` fires that member, not the hero whose id the name spells.
  @Test func aNameThatReadsAsAnIdIsCompletedAsItsOwnId() throws {
    let squad = SquadProcess()
    try squad.home.write(
      ##"[{"id":9100004,"name":"#1009351","modified":"2026-01-01T00:00:00Z","comics":{"available":7}},"##
        + ##"{"id":9100003,"name":"1009368","modified":"2026-01-01T00:00:00Z","comics":{"available":7}}]"##,
      to: "ids.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("ids.json"), "-q").status == 0)
    #expect(try squad.run("-q", "recruit", "9100004", "9100003", "hulk", "--offline").status == 0)
    let all = try squad.run("__complete", "--", "fire", "").stdout.split(separator: "\n").map(String.init)
    #expect(all.contains("9100004\t#1009351, 7 comics") && all.contains("9100003\t1009368, 7 comics"), "\(all)")
    #expect(!all.contains("#1009351") && !all.contains("1009368"), "\(all)")
    let hash = try squad.run("__complete", "--", "fire", "#").stdout.split(separator: "\n").map(String.init)
    #expect(hash.dropFirst().map { String($0.prefix { $0 != "\t" }) } == ["9100004"], "\(hash)")
    #expect(try squad.run("fire", "9100004", "--yes", "-q", "--offline").status == 0)
    let list = try squad.run("list").stdout
    #expect(list.contains("\tHulk\t") && !list.contains("9100004"), "\(list)")
  }

  /// '#' and digits, the id as `show` prints it, completes as the digits do, keeping the '#'.
  @Test func anIdAfterAHashCompletesAsTheDigitsDo() throws {
    let squad = SquadProcess()
    #expect(try squad.run("-q", "recruit", "1009327", "1009496", "thor", "--offline").status == 0)
    let fire = try squad.run("__complete", "--", "fire", "#10093").stdout.split(separator: "\n").map(String.init)
    #expect(fire == ["names", "#1009327"], "\(fire)")
    let show = try squad.run("__complete", "--", "show", "#100936").stdout.split(separator: "\n").map(String.init)
    #expect(show.contains("#1009368") && show.allSatisfy { $0 == "names" || $0.hasPrefix("#100936") }, "\(show)")
  }

  /// `--fields` completion compares fields ignoring case, as the commands do, and extends no list
  /// holding an empty field: every value it offers is accepted.
  @Test func fieldsCompletionOffersOnlyValuesTheCommandTakes() throws {
    let squad = SquadProcess()
    for (command, typed) in [("list", "Name,"), ("heroes", "ID,"), ("heroes", "id,,"), ("heroes", "insq")] {
      let offered = try squad.run("__complete", "--", command, "--fields", typed).stdout.split(separator: "\n")
        .dropFirst().map { String($0.prefix { $0 != "\t" }) }
      #expect(typed != "insq" || offered == ["inSquad"] || offered.map { $0.lowercased() } == ["insquad"], "\(offered)")
      #expect(typed != "id,," || offered.isEmpty, "\(offered)")
      for value in offered {
        let arguments = command == "list" ? ["list"] : ["heroes", "thor", "--offline"]
        let run = try squad.run(arguments: arguments + ["--fields", value])
        #expect(run.status == 0, "\(command) --fields \(value): \(run.stderr)")
      }
    }
  }

  /// An invisible character around an id is ignored, as it is in a name: '<U+FEFF>1009664' is Thor.
  @Test func anInvisibleCharacterAroundAnIdIsIgnoredAsInAName() throws {
    let squad = SquadProcess()
    for typed in ["\u{FEFF}1009664", "1009664\u{200B}", "#\u{FEFF}1009664", "\u{FEFF}thor"] {
      let run = try squad.run("show", typed, "--offline", "--format", "tsv")
      #expect(run.status == 0 && run.stdout.contains("Thor"), "\(typed): \(run.stderr)")
    }
  }

  /// A name of signs alone is the one usage error (64) whatever the signs; a quote shows in double quotes.
  @Test func aNameOfSignsAloneIsAlwaysAUsageError() throws {
    let squad = SquadProcess()
    for typed in [".", "-", "!", "*", "/", "?", "&", "_", ",", "~", "$", "%", "\"", "'"] {
      let run = try squad.run("show", "--offline", "--", typed)
      #expect(run.status == 64 && run.stderr.contains("holds no letter or digit"), "\(typed): \(run.stderr)")
    }
    #expect(try squad.run("show", "--offline", "--", "'").stderr.contains(#"and "'" holds no letter"#))
  }

  /// One unknown name in several spellings the matcher takes alike is one failure, said once.
  @Test func oneUnknownNameInSeveralSpellingsIsReportedOnce() throws {
    let squad = SquadProcess()
    let run = try squad.run("recruit", "NoSuch", "nosuch", "no-such", "no such", "No.Such", "--offline")
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.components(separatedBy: "No hero is named").count == 2, "\(run.stderr)")
    #expect(run.stderr.contains("'NoSuch'") && !run.stderr.contains("5 of"), "\(run.stderr)")
  }

  /// A short form glued to the rest is meant as the long one: `drstrange` offers Doctor Strange first.
  @Test func aGluedShortFormIsMeantAsTheLongOne() throws {
    let squad = SquadProcess()
    let run = try squad.run("show", "drstrange", "--offline")
    let first = run.stderr.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    #expect(run.status == 3 && first.hasSuffix("\tDoctor Strange\t961 comics"), "\(run.stderr)")
  }
}
