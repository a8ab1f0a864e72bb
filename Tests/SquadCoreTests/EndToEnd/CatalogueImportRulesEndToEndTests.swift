import Foundation
import Testing

@testable import SquadCore

#if canImport(Glibc)
  import Glibc
#endif

/// `squad catalogue import` against what the attack on issues 10 and 11 tried (findings 3, 9, 10,
/// 11, 12 and 16), through the real binary: exit codes, messages, and the catalogue's bytes.
@Suite struct CatalogueImportRulesEndToEndTests {
  func json(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func anImportPastTheCatalogueBoundIsRefusedBeforeAnythingIsWritten() throws {
    let squad = SquadProcess()
    try squad.home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let before = try #require(squad.home.contents("catalogue.sqc"))
    let lines = (0...CatalogueLimits.maximumHeroes).map { #"{"id":\#(6_000_000 + $0),"name":"h"}"# }
    try squad.home.write(lines.joined(separator: "\n"), to: "many.jsonl")
    let refused = try squad.run("catalogue", "import", squad.home.file("many.jsonl"), "--skip-invalid")
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("the catalogue would hold more than 200000 heroes, the most squad keeps"))
    #expect(refused.stderr.contains("Nothing was imported; the catalogue is unchanged."))
    #expect(squad.home.contents("catalogue.sqc") == before)
  }

  @Test func heroesMigratedFromThePreviousReleaseAreNotCountedAsAdded() throws {
    let squad = SquadProcess()
    try FileManager.default.createDirectory(atPath: squad.home.file("cache"), withIntermediateDirectories: true)
    try squad.home.write(
      #"{"heroes":[{"id":5100001,"name":"A"},{"id":5100002,"name":"B"}]}"#, to: "cache/catalogue.json")
    try squad.home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    let result = try squad.run("catalogue", "import", squad.home.file("one.json"), "--json")
    #expect(result.status == 0, "\(result.stderr)")
    #expect((json(result.stdout)["heroes"] as? [String: Int]) == ["added": 1, "updated": 0, "unchanged": 0])
    #expect(result.stderr.contains("all 2 heroes"))
  }

  @Test(.needsGNULinux("coreutils timeout")) func theFileRulesAreSquadImportsAndTheDocsOnes() throws {
    let script = ShellScript()
    let result = try script.run(
      #"""
      check() { timeout 20 "$SQUAD" catalogue import "$1" >out 2>err; echo "$1 $? $(head -c 160 err | head -1)"; }
      printf '\xef\xbb\xbf[{"id":5000001,"name":"Bom"}]' > bom.json; check bom.json
      printf '[{"id":5000002,"name":"Bad\xff"}]' > utf8.json; check utf8.json
      printf '[{"id":5000003,"name":"\\u200b"}]' > zwsp.json; check zwsp.json
      echo '{"code":500,"data":{"results":[{"id":5000004,"name":"Err"}]}}' > code.json; check code.json
      : > empty.json; check empty.json
      printf ' \n\n' > blank.json; check blank.json
      echo '{"characters":[{"id":" 5000005","name":"Sp"}]}' > space.json; check space.json
      echo '{"characters":[{"id":"+5000006","name":"Pl"}]}' > plus.json; check plus.json
      python3 -c "print('[{\"id\":5000007,\"name\":\"' + 'a' * 1025 + '\"}]')" > long.json; check long.json
      ln -s loop1 loop2; ln -s loop2 loop1; check loop1
      echo '{"id":5000008,"name":"Dup","name":"EVIL"}' > twice.jsonl; check twice.jsonl
      echo '[{"id":5000009,"name":"C","comics":{"available":3,"available":9}}]' > nested.json; check nested.json
      echo '{"code":200,"data":{"results":[{"id":5000010,"name":"A"}]},"data":{"results":[]}}' > data.json; check data.json
      echo '{"code":200,"data":{"results":[{"id":5000011,"name":"A"}],"results":[]}}' > results.json; check results.json
      echo '{"code":200,"etag":{"a":1,"a":2},"data":{"results":[{"id":5000012,"name":"A"}]}}' > etag.json; check etag.json
      echo '{"characters":[{"id":5000013,"name":"A"}],"characters":[]}' > list.json; check list.json
      for id in 5000010 5000011 5000012 5000013; do "$SQUAD" show $id >/dev/null 2>&1; printf "%s " $?; done; echo
      """#)
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "bom.json 0 Read 1 file; heroes: 1 added, 0 updated, 0 unchanged; comics: 0 added, 0 updated.",
        "utf8.json 65 Error: utf8.json: not UTF-8 text (byte 26); save it as UTF-8 and import it again",
        "zwsp.json 65 Error: zwsp.json: record 1: name: must have a visible character",
        "code.json 65 Error: code.json: an API error answer (code 500), not data",
        "empty.json 65 Error: empty.json: the file is empty; expected a Marvel response, list or JSON Lines of records",
        "blank.json 65 Error: blank.json: the file is empty; expected a Marvel response, list or JSON Lines of records",
        "space.json 65 Error: space.json: record 1: id: expected a whole number, found ' 5000005'",
        "plus.json 65 Error: plus.json: record 1: id: expected a whole number, found '+5000006'",
        "long.json 65 Error: long.json: record 1: name: 1025 bytes is longer than the 1024 squad keeps",
        "loop1 1 Error: loop1: a symbolic link loop (it never reaches a file)",
        "twice.jsonl 65 Error: twice.jsonl: record 1: 'name' is given twice; squad will not guess which one counts",
        "nested.json 65 Error: nested.json: record 1: 'comics.available' is given twice; squad will not guess which one counts",
        "data.json 65 Error: data.json: 'data' is given twice; squad will not guess which one counts",
        "results.json 65 Error: results.json: 'data.results' is given twice; squad will not guess which one counts",
        "etag.json 65 Error: etag.json: 'etag.a' is given twice; squad will not guess which one counts",
        "list.json 65 Error: list.json: 'characters' is given twice; squad will not guess which one counts",
        "3 3 3 3 ",
      ], "\(result.stderr)")
  }

  @Test(.enabled(if: ShellScript.canMakeDevices, "permissions only bind a user other than root"))
  func unreadableFoldersAndFilesExit1NamingThemOrAreListedAsSkipped() throws {
    let result = try ShellScript().run(
      #"""
      cp "$SQUAD" squad-copy && chmod 755 . squad-copy || exit 9
      mkdir -p in/locked; echo '[{"id":5500002,"name":"X"}]' > in/locked/x.json
      echo '[{"id":5000001,"name":"Someone"}]' > in/one.json; chmod 000 in/locked; chown -R 54321 .
      as() { setpriv --reuid=54321 --regid=54321 --clear-groups env HOME=$PWD SQUAD_HOME=$PWD ./squad-copy "$@"; }
      as catalogue import in; echo "status=$?"
      as catalogue import in --skip-invalid; echo "status=$?"
      chmod 755 in/locked; chmod 000 in/locked/x.json
      as catalogue import in; echo "status=$?"
      as catalogue import in --skip-invalid --json; echo "status=$?"
      """#)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "status=1")
    #expect(result.stderr.contains("Error: in/locked: cannot list the folder: Permission denied"))
    #expect(result.stderr.contains("Skipped in/locked: cannot list the folder: Permission denied"))
    #expect(lines.contains("status=0"))
    #expect(result.stderr.contains("Error: in/locked/x.json: Permission denied"))
    #expect(result.stdout.contains(#""skipped":[{"file":"in/locked/x.json","problem":"Permission denied"}]"#))
    #expect(lines.filter { $0.hasPrefix("status=") } == ["status=1", "status=0", "status=1", "status=0"])
  }

  @Test(.needsGNULinux("/proc and coreutils timeout")) func aWalkDoesNotEnterAnotherFileSystem() throws {
    let result = try ShellScript().run(
      #"""
      mkdir dumps; echo '[{"id":5000001,"name":"Someone"}]' > dumps/page.json; ln -s /proc dumps/proc
      timeout 20 "$SQUAD" catalogue import dumps 2>&1; echo "status=$?"
      """#)
    #expect(result.stdout.hasPrefix("Read 1 file;"), "\(result.stderr)")
    #expect(result.stdout.hasSuffix("status=0\n"))
  }

  @Test(.enabled(if: Self.kernelLogOpens, "/proc/kmsg cannot be opened here"))
  func aFileWhoseReadWaitsForTheKernelIsRefusedAtOnce() throws {
    let result = try ShellScript().run(#"timeout 20 "$SQUAD" catalogue import /proc/kmsg; echo "status=$?""#)
    #expect(result.stdout == "status=65\n")
    #expect(result.stderr.contains("/proc/kmsg: a file that waits for data when read, not a regular file"))
  }

  static var kernelLogOpens: Bool {
    let descriptor = open("/proc/kmsg", O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }
}

/// An archive folder as people keep one (issue 21, items 2 and 3): data files beside notes and
/// saved error answers; the report on stderr, silenced by -q.
@Suite struct CatalogueImportArchiveEndToEndTests {
  /// `Fixtures/catalogue/archive` (six data files) plus what is not data, in a folder of its own.
  static func archive(in squad: SquadProcess) throws -> String {
    let folder = squad.home.file("archive")
    try FileManager.default.copyItem(atPath: CatalogueEndToEndTests.archive, toPath: folder)
    try squad.home.write("# Where these came from\n", to: "archive/PROVENANCE.md")
    try squad.home.write("captured by hand\n", to: "archive/pages/notes.txt")
    try squad.home.write(
      #"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#, to: "archive/401.json")
    try squad.home.write(#"{"code":409,"status":"You may not request more than 100 items."}"#, to: "archive/409.json")
    try squad.home.write(#"{"code":500,"status":"Down","data":{"total":0,"results":[]}}"#, to: "archive/pages/500.json")
    return folder
  }

  @Test func aWalkImportsTheDataFilesAndCountsWhatItPassedOverOnStderr() throws {
    let squad = SquadProcess()
    let folder = try Self.archive(in: squad)
    let result = try squad.run("catalogue", "import", folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty, "stdout is for data")
    #expect(
      result.stderrLines == [
        "Read 6 files (passed over 5 that hold no Marvel data); heroes: 6 added, 1 updated, 0 unchanged;"
          + " comics: 3 added, 0 updated."
      ])
    let again = try squad.run("catalogue", "import", folder, "-q")
    #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again.stderr)")
    let json = try squad.run("catalogue", "import", folder, "-q", "--json")
    #expect(json.stdout.contains(#""filesRead":6,"passedOver":5,"#) && json.stderr.isEmpty)
  }

  @Test func aFileNamedOnTheCommandLineStaysStrict() throws {
    let squad = SquadProcess()
    let folder = try Self.archive(in: squad)
    for (file, problem) in [
      ("401.json", "an API error answer, with no data"), ("PROVENANCE.md", "record 1 (line 1): not JSON"),
    ] {
      let result = try squad.run("catalogue", "import", folder + "/" + file)
      #expect(result.status == 65)
      #expect(result.stderr.contains("Error: \(folder)/\(file): \(problem)"), "\(result.stderr)")
    }
    #expect(squad.home.contents("catalogue.sqc") == nil)
  }
}
