import Foundation
import Testing

@testable import SquadCore

/// A look that fails (`stat`, `readlink`, `access` answering EIO) is an error, never "absent",
/// "not a link" or "read-only"; and a change that fails while undoing its beginning fails too
/// says what it left instead of "Nothing was changed".
extension IOFaultsEndToEndTests {
  @Test func aNameThatCannotBeLookedAtIsNeverTakenForFree() throws {
    let squad = try homeWithAvengers()
    let before = snapshot(squad)
    let result = try run(
      squad, failing("newfstatat", of: squad.home.file("squads/avengers/squad.json"), "EIO", when: 1), "squads",
      "create", "avengers")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("Could not read \(squad.home.file("squads/avengers/squad.json")): Input/output error"))
    #expect(snapshot(squad) == before, "the squad and its members kept")
  }

  @Test func aSquadThatCannotBeLookedAtIsNeitherMissingNorRewritten() throws {
    var refused = 0
    for when in 1...8 {
      let squad = try homeWithAvengers()
      let before = snapshot(squad)
      let result = try run(
        squad, failing("newfstatat", of: squad.home.file("squads/avengers/squad.json"), "EIO", when: when),
        "--squad", "avengers", "recruit", "1009351")
      #expect(!result.stderr.contains("There is no squad named"), "when=\(when): \(result.stderr)")
      #expect(!result.stderr.contains("deleted, renamed or replaced"), "when=\(when): \(result.stderr)")
      if result.status != 0 {
        refused += 1
        #expect(result.status == 1 && result.stderr.contains("Input/output error"), "when=\(when): \(result.stderr)")
        #expect(snapshot(squad) == before, "when=\(when): the history intact")
      }
      let history = try squad.run("--squad", "avengers", "history").stdout
      #expect(history.contains("squads create"), "when=\(when): \(history)")
    }
    #expect(refused > 0)
  }

  @Test func aLinkThatCannotBeReadIsKeptNeverReplacedByAFile() throws {
    // -P follows the link: the target's own readlink (EINVAL, "not a link") is counted too.
    for when in 1...10 {
      let shared = SquadProcess()
      #expect(try shared.run("recruit", "1009610").status == 0)
      let squad = SquadProcess()
      try FileManager.default.createSymbolicLink(
        atPath: squad.home.file("squad.json"), withDestinationPath: shared.home.file("squad.json"))
      let result = try run(
        squad, failing("readlink", of: squad.home.file("squad.json"), "EIO", when: when), "recruit", "1009351")
      let kind =
        try FileManager.default.attributesOfItem(atPath: squad.home.file("squad.json"))[.type] as? FileAttributeType
      #expect(kind == .typeSymbolicLink, "when=\(when): \(result.stderr)")
      #expect(result.status == 0 || result.stderr.contains("Could not read"), "when=\(when): \(result.stderr)")
    }
  }

  @Test func aFileWhoseAccessCannotBeCheckedIsNotCalledReadOnly() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "1009610").status == 0)
    let before = snapshot(squad)
    let result = try run(
      squad, failing("access", of: squad.home.file("squad.json"), "EIO", when: 1), "recruit", "1009351")
    #expect(result.status == 1 && !result.stderr.contains("read-only"), "\(result.stderr)")
    #expect(result.stderr.contains("Input/output error"), "\(result.stderr)")
    #expect(snapshot(squad) == before)
  }

  /// A folder listing the system fails part-way (`getdents64` EIO) was taken for the folder's end:
  /// `squads` showed the default squad alone, `show` a shorter "In squads", exit 0 (the attack).
  @Test func aSquadsFolderThatCannotBeListedIsAnErrorNeverFewerSquads() throws {
    let squad = try homeWithAvengers()
    let fault = ["-e", "trace=getdents64", "-e", "inject=getdents64:error=EIO:when=1"]
    for arguments in [["squads"], ["squads", "--format", "tsv"], ["show", "1009610", "--json"]] {
      let result = try run(squad, fault, arguments: arguments)
      #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)")
      #expect(
        result.stderr.contains("Could not read \(squad.home.file("squads")): Input/output error"),
        "\(arguments): \(result.stderr)")
    }
    let shown = try squad.run("show", "1009610", "--json")
    #expect(shown.status == 0 && shown.stdout.contains("avengers"), "without the fault: \(shown.stdout)")
  }

  @Test func aFolderToImportThatCannotBeListedIsAnErrorNeverFewerFiles() throws {
    let squad = SquadProcess()
    let folder = squad.home.file("incoming")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(#"{"id":5000001,"name":"Someone"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/a.jsonl"))
    let result = try run(
      squad, ["-e", "trace=getdents64", "-e", "inject=getdents64:error=EIO:when=1"], "catalogue", "import", folder)
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("Input/output error"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("catalogue.sqc")), "nothing written")
  }

  @Test func aFailedDeleteLeavesNoDeletedFolderBehind() throws {
    for fault in ["inject=rename:error=EIO:when=1", "inject=rename:error=EXDEV:when=1"] {
      let squad = try homeWithAvengers()
      let before = snapshot(squad)
      let result = try run(
        squad, ["-e", "trace=rename", "-e", fault], "squads", "delete", "avengers", "--yes")
      #expect(result.status == 1 && result.stderr.contains("Nothing was changed"), "\(fault): \(result.stderr)")
      #expect(snapshot(squad) == before, "\(fault): no squads/.deleted/ left")
    }
  }

  @Test func aSaveWhoseEntryCannotBeTakenBackSaysSo() throws {
    let squad = try homeWithAvengers()
    let result = try run(
      squad,
      ["-e", "trace=rename,ftruncate", "-e", "inject=rename:error=EIO:when=1", "-e", "inject=ftruncate:error=EIO"],
      "--squad", "avengers", "recruit", "1009351")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("Nothing was changed"), "\(result.stderr)")
    #expect(result.stderr.contains("could not be taken back"), "\(result.stderr)")
    let history = try squad.run("--squad", "avengers", "history").stdout
    #expect(!history.contains("1009351") && !history.contains("Thor"), "the entry left is ignored: \(history)")
  }

  @Test func aCreateWhoseCleanUpFailsNamesTheFolderLeft() throws {
    let squad = try homeWithAvengers()
    let result = try run(
      squad,
      [
        "-e", "trace=write,unlink,unlinkat,rmdir", "-P", squad.home.file("squads/newone/history.jsonl"), "-P",
        squad.home.file("squads/newone"), "-P", squad.home.file("squads/newone/squad.lock"), "-e",
        "inject=write:error=ENOSPC:when=1", "-e", "inject=unlink,unlinkat,rmdir:error=EIO",
      ], "squads", "create", "newone")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("Nothing was changed"), "\(result.stderr)")
    #expect(result.stderr.contains("squads/newone"), "\(result.stderr)")
    #expect(result.stderr.contains("could not be removed"), "\(result.stderr)")
  }
}

extension IOFaultsEndToEndTests {
  @Test func theOverviewOfACatalogueThatCannotBeReadFails() throws {
    let squad = try homeWithImports()
    let result = try run(squad, failing("openat", of: squad.home.file("catalogue.sqc"), "EIO", when: 1), "catalogue")
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("Could not read \(squad.home.file("catalogue.sqc")): Input/output error"))
  }

  // Counts joined from the bundled set instead would be a silent wrong answer for imported heroes.
  @Test func aListThatJoinsCountsFromACatalogueThatCannotBeReadFails() throws {
    let squad = try homeWithImports()
    #expect(try squad.run("--offline", "recruit", "1009610").status == 0)
    let catalogue = squad.home.file("catalogue.sqc")
    let joined = try run(squad, failing("openat", of: catalogue, "EIO", when: 1), "list", "--fields", "name,comics")
    #expect(joined.status == 1, "\(joined.stdout)\(joined.stderr)")
    #expect(joined.stdout == "")
    #expect(joined.stderr.contains("Could not read \(catalogue): Input/output error"), "\(joined.stderr)")
    let plain = try run(squad, failing("openat", of: catalogue, "EIO", when: 1), "list", "--format", "tsv")
    #expect(plain.status == 0 && plain.stdout.contains("Spider-Man"), "a list that joins nothing reads no catalogue")
  }
}

extension IOFaultsEndToEndTests {
  @Test func aListingListsTheRestAndFailsNamingTheSquadItCouldNotRead() throws {
    let squad = try homeWithAvengers()
    #expect(try squad.run("squads", "create", "xmen").status == 0)
    let path = squad.home.file("squads/avengers/squad.json")
    let result = try run(
      squad, ["-P", path, "-e", "trace=newfstatat,openat", "-e", "inject=newfstatat,openat:error=EIO"], "squads")
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("avengers") && result.stdout.contains("xmen"), "\(result.stdout)")
    #expect(result.stderr.contains("Could not read \(path): Input/output error"), "\(result.stderr)")
  }

  /// `squads compare` printed an empty column, exit 0, for a squad whose file could not be read
  /// (issue 30); a damaged one is named too.
  @Test func aSquadThatCannotBeReadIsNeverComparedAsEmpty() throws {
    var refused = 0
    for when in 1...3 {
      let squad = try homeWithAvengers()
      let path = squad.home.file("squads/avengers/squad.json")
      let result = try run(
        squad, failing("read", of: path, "EIO", when: when), "squads", "compare", "default", "avengers")
      if result.status == 0 {
        #expect(result.stdout.contains("members\t0\t1\n"), "when=\(when): \(result.stdout)")
      } else {
        refused += 1
        #expect(result.status == 1 && result.stdout.isEmpty, "when=\(when): \(result.stdout)")
        #expect(result.stderr.contains("Could not read \(path): Input/output error"), "when=\(when): \(result.stderr)")
      }
    }
    #expect(refused > 0, "some fault hit a read")
    let squad = try homeWithAvengers()
    try squad.home.write("{ not json", to: "squads/avengers/squad.json")
    let damaged = try squad.run("squads", "compare", "default", "avengers")
    #expect(damaged.status != 0 && damaged.stdout.isEmpty, "\(damaged.stdout)")
    #expect(damaged.stderr.contains(squad.home.file("squads/avengers/squad.json")), "\(damaged.stderr)")
  }
}
