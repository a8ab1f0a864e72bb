import Foundation
import Testing

@testable import SquadCore

/// Issue 19, second round: an export onto the home's files, homes sharing `squads/` through a
/// link, a forced sync over an imported record, `.deleted` pruning, repeat syncs from the cache.
@Suite struct FeaturesMeetAgainEndToEndTests {
  @Test func anExportNeverWritesAFileSquadKeepsInItsHome() throws {
    let targets = [
      "h/squad.json", "h/squads/t/squad.json", "h/squads/t/history.jsonl", "h/squads.lock", "h/catalogue.sqc",
      "h/config.json", "h/squads/new.json", "h/cache/x.json", "link/t/squad.json", "hard.sqc", "alias.json",
    ]
    let result = try ShellScript().run(
      #"""
      S="$SQUAD --home h --offline"; $S -q recruit hulk; $S -q squads create t; $S -q --squad t recruit thor
      echo '{"id":4999999,"name":"Seed"}' > seed.jsonl; $S -q catalogue import seed.jsonl; echo '{}' > h/config.json
      ln -s h/squads link; ln h/catalogue.sqc hard.sqc; ln -s h/squads/t/history.jsonl alias.json
      snapshot() { find h -type f ! -name '*.lock' | sort | xargs cksum; }
      before=$(snapshot)
      for target in \#(targets.joined(separator: " ")); do
        $S --squad t export --output $target 2>err; echo "$target $? $(grep -c "squad's own files" err)"
      done
      test "$before" = "$(snapshot)" && echo unchanged
      $S --squad t export --output h/mine.json && echo exported
      """#)
    for target in targets { #expect(result.lines.contains("\(target) 1 1"), "\(target): \(result.stdout)") }
    #expect(result.lines.contains("unchanged"), "\(result.stdout)")
    #expect(result.lines.last == "exported", "a file of the user's own in the home is fine: \(result.stderr)")
  }

  /// A home whose files are links into another: the locks and files squad keeps beside the link's
  /// target are refused too, so an export never replaces a lock another process holds.
  @Test func anExportNeverWritesWhatSquadKeepsBesideALinkedFile() throws {
    let targets = ["h1/squad.lock", "h1/history.jsonl", "h1/catalogue.lock", "h1/catalogue.sqc.damaged-1"]
    let result = try ShellScript().run(
      #"""
      mkdir h1 h2 mine; "$SQUAD" --home h1 -q --offline recruit thor; ln -s ../h1/squad.json h2/squad.json
      echo '{"id":4999999,"name":"Seed"}' > seed.jsonl; "$SQUAD" --home h1 -q catalogue import seed.jsonl
      before=$(find h1 -type f | sort | xargs cksum)
      for target in \#(targets.joined(separator: " ")); do
        "$SQUAD" --home h2 export --output $target 2>err; echo "$target $? $(grep -c "squad's own files" err)"
      done
      test "$before" = "$(find h1 -type f | sort | xargs cksum)" && echo unchanged
      "$SQUAD" --home h2 export --output mine/squad.json && echo exported
      """#)
    for target in targets { #expect(result.lines.contains("\(target) 1 1"), "\(target): \(result.stdout)") }
    #expect(result.lines.contains("unchanged"), "\(result.stdout)")
    #expect(result.lines.last == "exported", "squad.json in a folder of the user's is fine: \(result.stderr)")
  }

  /// Two homes sharing `squads/` through a link take turns on the lock where it really lives:
  /// of two creates, renames or deletes of one squad racing, exactly one is done.
  @Test func homesSharingSquadsThroughALinkTakeTurns() throws {
    let result = try ShellScript().run(
      #"""
      mkdir w2; "$SQUAD" --home w1 -q squads create zz; ln -s ../w1/squads w2/squads
      race() { "$SQUAD" --home w1 -q $1 2>>err & "$SQUAD" --home w2 -q $2 2>>err & ok=0
        for job in $(jobs -p); do wait $job && ok=$((ok + 1)); done; echo "$1: $ok"; }
      for round in 1 2 3 4 5 6; do
        race "squads create c" "squads create c"; race "squads rename c d" "squads rename c e"
        "$SQUAD" --home w1 -q squads rename d c 2>/dev/null || "$SQUAD" --home w1 -q squads rename e c
        race "squads delete c --yes" "squads delete c --yes"
      done
      "$SQUAD" --home w1 squads delete zz --yes >/dev/null; find w1/squads/.deleted -mindepth 1 -maxdepth 1 | while read kept; do
        test -f "$kept/squad.json" || echo "no squad: $kept"; done
      cat err
      """#)
    #expect(result.lines.filter { $0.hasSuffix(": 1") }.count == 18, "\(result.stdout)")
    #expect(!result.stdout.contains("No such file") && !result.stdout.contains("not empty"), "\(result.stdout)")
    #expect(!result.stdout.contains("no squad:"), "\(result.stdout)")
  }

  @Test func aSyncReplacesAnImportOfTheSameDateWithTheAPIsRecordEvenFromTheCache() async throws {
    let simulator = try await Simulator(characters: 1562)
    let squad = MarvelEndToEndTests.squad(simulator)
    #expect(try await squad.launch("sync", "--timeout", "120", "-q").status == 0)
    #expect(try await squad.launch("recruit", "1009629", "-q").status == 0)
    let shown = try await squad.launch("show", "1009629", "--offline", "--json").stdout
    let object = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any]
    let modified = try (object?["modified"] as? String).orThrow(SimulatorError.controlFailed("modified"))
    try squad.home.write(
      #"{"id":1009629,"name":"Storm TAMPERED","description":"tampered","modified":"\#(modified)"}"#, to: "t.jsonl")
    for arguments in [["sync"], ["sync", "--force"]] {
      #expect(try await squad.launch("catalogue", "import", squad.home.file("t.jsonl"), "-q").status == 0)
      #expect(try await squad.launch(arguments: arguments + ["-q"]).status == 0)
      #expect(try await squad.launch("list", "--json").stdout.contains("\"Storm\""), "\(arguments)")
      let heroes = try await squad.launch("heroes", "--all", "--offline", "--json").stdout
      #expect(!heroes.contains("TAMPERED"), "\(arguments): the API's record replaces the import of the same date")
    }
  }

  @Test func aRepeatSyncKeepsBundledRecordsNewerThanTheAPIsBundled() async throws {
    let simulator = try await Simulator(characters: 300)
    let squad = MarvelEndToEndTests.squad(simulator)
    #expect(try await squad.launch("sync", "--timeout", "120", "-q").status == 0)
    let first = try FeaturesMeetEndToEndTests.origins(try await squad.launch("catalogue", "--json").stdout)
    let heroes = try await squad.launch("heroes", "--all", "--offline", "--json").stdout
    for arguments in [["sync"], ["sync", "--force"], ["heroes", "--all"]] {
      let again = try await squad.launch(arguments: arguments + ["-q"])
      #expect(again.status == 0, "\(again.stderr)")
      let origins = try FeaturesMeetEndToEndTests.origins(try await squad.launch("catalogue", "--json").stdout)
      #expect(origins == first, "\(arguments): \(origins), after the first sync \(first)")
      #expect(try await squad.launch("heroes", "--all", "--offline", "--json").stdout == heroes)
    }
  }

  /// Pruning `.deleted` renames an entry away before removing it; what a kill left part way
  /// (a renamed entry, or a squad's folder without its squad file) goes on the next prune.
  @Test func pruningDeletedSquadsCleansWhatAKilledPruneLeft() throws {
    let home = TemporaryDirectory()
    for debris in ["squads/.deleted/old-1000-1/history.jsonl", "squads/.deleted/.pruned-x-1000-2/squad.lock"] {
      try FileManager.default.createDirectory(
        atPath: home.file((debris as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
      try home.write("", to: debris)
    }
    for index in 1...12 {
      #expect(try CLIProcess.run(["--offline", "-q", "squads", "create", "gone\(index)"], home: home.path).status == 0)
      #expect(
        try CLIProcess.run(["--offline", "squads", "delete", "gone\(index)", "--yes"], home: home.path).status == 0)
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: home.file("squads/.deleted"))
    #expect(
      Set(kept.map { $0.split(separator: "-").first.map(String.init) ?? "" }) == Set((3...12).map { "gone\($0)" }))
    #expect(kept.count == 10, "\(kept)")
  }

  @Test func squadsCommandsSuggestANameAndARenameOntoItselfChangesNothing() throws {
    let home = TemporaryDirectory()
    func squad(_ arguments: [String]) throws -> CLIResult {
      try CLIProcess.run(["--offline"] + arguments, home: home.path)
    }
    #expect(try squad(["squads", "create", "avengers", "-q"]).status == 0)
    for arguments in [
      ["squads", "edit", "avengrs", "--max", "3"], ["squads", "rename", "avengrs", "x"],
      ["squads", "delete", "avengrs", "--yes"],
    ] {
      let result = try squad(arguments)
      #expect(result.status == 1)
      #expect(result.stderr.contains("did you mean 'avengers'?"), "\(arguments): \(result.stderr)")
    }
    let same = try squad(["squads", "rename", "avengers", "avengers"])
    #expect(same.status == 0)
    #expect(same.stderr == "The squad 'avengers' is already called that; nothing changed.\n", "\(same.stderr)")
    #expect(try squad(["--squad", "avengers", "history"]).lines.count == 1, "only the create is recorded")
  }

  @Test func anExportRemovesWhatAKilledExportLeftBesideItsFile() throws {
    let result = try ShellScript().run(
      #"""
      "$SQUAD" --home h --offline -q recruit hulk; mkdir out; true & dead=$!; wait $dead
      touch "out/.e.json.tmp-$dead-x1" "out/.e.json.tmp-$$-x2" "out/.other.json.tmp-$dead-x3"
      "$SQUAD" --home h export --output out/e.json && echo "$$ $dead" && ls -A out
      """#)
    let pids = result.lines.first?.split(separator: " ").map(String.init) ?? []
    #expect(pids.count == 2, "\(result.stderr)")
    let expected = pids.count == 2 ? [".e.json.tmp-\(pids[0])-x2", ".other.json.tmp-\(pids[1])-x3", "e.json"] : []
    #expect(Array(result.lines.dropFirst()).sorted() == expected, "only a dead export's file of e.json goes")
  }
}
