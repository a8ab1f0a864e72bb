import Foundation
import Testing

@testable import SquadCore

/// Issue 14, defects 6 and 9 to 14: exact CSV, narrow terminals, the fire prompt, option
/// precedence, offsets, typos, Ctrl-C during sync and a missing home, against the real binary.
@Suite struct TerminalEdgesEndToEndTests {
  private static let terminal = "python3 is needed to run squad on a pseudo-terminal"

  @Test(arguments: ["csv", "jsonl", "json"])
  func exportThenImportIsExactForControlAndBidiCharacters(format: String) throws {
    let result = try ShellScript().run(
      """
      mkdir -p old new
      printf '{"schemaVersion": 1, "members": [{"id": 7, "name": "e\\\\u202ef\\\\u200fg", \
      "description": "a\\\\u001bb\\\\u0007c\\\\rd\\\\u0000e line\\\\nbreak\\\\r\\\\nand\\\\ttab", \
      "thumbnail": null, "recruitedAt": "2026-01-02T03:04:05Z"}]}\\n' \
        > old/squad.json
      SQUAD_HOME=$PWD/old "$SQUAD" list --json > before.json || exit 9
      SQUAD_HOME=$PWD/old "$SQUAD" export --format \(format) > exported || exit 9
      SQUAD_HOME=$PWD/new "$SQUAD" import exported --replace -q; echo "status=$?"
      SQUAD_HOME=$PWD/new "$SQUAD" list --json > after.json
      cmp before.json after.json && echo exact
      grep -c 'u001b' before.json
      """)
    #expect(result.lines == ["status=0", "exact", "1"], "\(result.stdout) \(result.stderr)")
  }

  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"), arguments: [["heroes"], ["list"]])
  func tablesAreCutToANarrowTerminalHeaderIncluded(command: [String]) throws {
    let squad = SquadProcess()
    _ = try squad.run("recruit", "1009610", "-q")
    let shown = try squad.runOnTerminal(command + ["-q"], columns: 20, extraEnvironment: ["NO_COLOR": "1"])
    #expect(shown.status == 0)
    let lines = shown.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("  ID") == true || lines.first?.contains("ID") == true, "\(lines)")
    // Marvel's attribution is never cut; every table line fits.
    for line in lines where !line.isEmpty && line != DataSource.standardAttribution {
      #expect(DisplayWidth.of(line) <= 20, "'\(line)' is wider than 20 columns")
    }
    #expect(lines.last == DataSource.standardAttribution)
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func theStatusLineFitsATerminalNarrowerThanTenColumns() throws {
    let shown = try SquadProcess().runOnTerminal(["--offline", "heroes", "--limit", "2"], columns: 5)
    #expect(shown.status == 0)
    // Each status is written after "\r\e[2K" and ends at the next "\r": wider than 4 columns
    // it would wrap, and the clear would leave its first row behind.
    let statuses = shown.stdout.components(separatedBy: "\u{1B}[2K").dropFirst().map {
      String($0.prefix { $0 != "\r" && $0 != "\u{1B}" })
    }
    #expect(statuses.contains { !$0.isEmpty }, "no status line was shown: \(shown.stdout.debugDescription)")
    for status in statuses { #expect(DisplayWidth.of(status) <= 4, "'\(status)' is wider than 4 columns") }
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func fireAsksOnTheTerminalWhenOnlyStderrIsRedirected() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["recruit", "1009610", "-q"], home: home.path).status == 0)
    let fired = try PseudoTerminal.run(
      ["fire", "1009610"], home: home.path, environment: ["TERM": "dumb"], answer: "y\n")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(fired.stdout.contains("from the squad? [y/N]"), "the question reached the terminal: \(fired.stdout)")
    #expect(try CLIProcess.run(["list"], home: home.path).stdout.isEmpty)
  }

  // Every question follows one rule (stdin on a terminal), `catalogue reset` as `fire` does.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func catalogueResetAsksOnTheTerminalWhenOnlyStderrIsRedirected() throws {
    let home = TemporaryDirectory()
    let imported = try CLIProcess.run(["catalogue", "import", CatalogueEndToEndTests.archive, "-q"], home: home.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let reset = try PseudoTerminal.run(
      ["catalogue", "reset"], home: home.path, environment: ["TERM": "dumb"], answer: "y\n")
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(reset.stdout.contains("[y/N]"), "the question reached the terminal: \(reset.stdout)")
    let summary = try CLIProcess.run(["catalogue", "--json"], home: home.path).stdout
    #expect(summary.contains("\"import\":0") || summary.contains("\"import\" : 0"), "\(summary)")
  }

  @Test func theLastOfJsonAndFormatWins() throws {
    let squad = SquadProcess()
    _ = try squad.run("recruit", "1009610", "-q")
    #expect(try squad.run("list", "--json", "--format", "csv").stdout.hasPrefix("id,name,recruitedAt"))
    #expect(try squad.run("list", "--format", "csv", "--json").stdout.hasPrefix("{"))
    #expect(try squad.run("export", "--json", "--format", "tsv").stdout.hasPrefix("1009610\t"))
    #expect(try squad.run("export", "--format", "tsv", "--json").stdout.hasPrefix("{"))
  }

  @Test(arguments: ["3000000000", "99999999999999999999"])
  func anOffsetBeyondTheAPIsWindowIsAUsageErrorAboutTheOffset(offset: String) throws {
    let squad = SquadProcess(environment: [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey,
      "MARVEL_API_BASE": "http://127.0.0.1:9/v1/public",
    ])
    for extra in [[], ["--offline"]] {
      let result = try squad.run(arguments: ["heroes", "--offset", offset] + extra)
      #expect(result.status == 64)
      #expect(
        result.stderr.contains("'\(offset)' is too large for '--offset': the most is 2147483647"), "\(result.stderr)")
    }
  }

  @Test func aDigitPrefixListsNoHeroesOnlineAndOffline() async throws {
    let simulator = try await Simulator(characters: 150)
    let online = try MarvelEndToEndTests.squad(simulator).run("heroes", "0")
    let offline = try SquadProcess().run("heroes", "0")
    #expect(online.status == 0 && offline.status == 0, "\(online.stderr) \(offline.stderr)")
    #expect(online.stderr.contains("No heroes match '0'.") && offline.stderr.contains("No heroes match '0'."))
  }

  @Test func aTranspositionIsOneEditInSuggestions() throws {
    #expect(EditDistance.between("hluk", "hulk", atMost: 2) == 1)
    let result = try SquadProcess().run("recruit", "hluk")
    #expect(result.status == 3)
    #expect(result.stderr.contains("1009351\tHulk\t1,798 comics\n"), "\(result.stderr)")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func ctrlCDuringSyncEndsTheProgressLine() async throws {
    // The last page hangs, so the progress line is up when Ctrl-C comes.
    let slow = try await Simulator(characters: 1562, faults: [.slow(600_000, path: "offset=1500")])
    let home = TemporaryDirectory()
    let environment = [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey,
      "MARVEL_API_BASE": slow.baseURL,
      "TERM": "xterm",
    ]
    let result = try PseudoTerminal.run(
      ["sync", "--force", "--timeout", "900"], home: home.path, environment: environment, mergeStderr: true,
      ctrlCAfter: "Fetching page")
    #expect(result.status == 130)
    #expect(result.stdout.contains("Fetching page"))
    #expect(
      result.stdout.utf8.last == UInt8(ascii: "\n"),
      "the progress line was left open: \(result.stdout.suffix(80).debugDescription)")
  }

  @Test(.enabled(if: ShellScript.canMakeDevices, "changing to a user without a passwd entry needs root"))
  func noHomeAndNoPasswdEntryNamesTheVariablesToSet() throws {
    let result = try ShellScript().run(
      """
      # A copy the other user can reach: the binary under test may sit in a private folder.
      cp "$SQUAD" squad-copy && chmod 755 . squad-copy || exit 9
      copy=$PWD/squad-copy
      cd /
      setpriv --reuid=54321 --regid=54321 --clear-groups env -u HOME -u SQUAD_HOME "$copy" list; echo "status=$?"
      """)
    #expect(result.stdout == "status=64\n", "\(result.stderr)")
    #expect(result.stderr.contains("HOME is not set"))
    #expect(result.stderr.contains("SQUAD_HOME") && result.stderr.contains("XDG_DATA_HOME"))
  }
}
