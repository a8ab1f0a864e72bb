import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 14: output taller than the terminal goes through a pager, as in git and gh:
/// `$SQUAD_PAGER`, else `$PAGER`, else `less -FRX` (with `LESS=FRX` when unset); never in a pipe,
/// with `--no-pager`, or with an empty or `cat` pager; never for `pick`. A fake pager records
/// what it was given.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run squad on a pseudo-terminal"))
struct PagerEndToEndTests {
  let home = TemporaryDirectory()
  /// `heroes --all` on the 24-row test terminal: a header, every bundled hero, a blank line and
  /// the attribution.
  static let tallTable = 1_564 + 3

  /// A pager script in the home that keeps what it reads, its arguments and `LESS`.
  func fakePager(named name: String = "pager") throws -> String {
    let path = home.file(name)
    try home.write(
      "#!/bin/sh\ncat > \"$HOME/paged.txt\"\nprintf '%s|%s' \"${LESS-unset}\" \"$*\" > \"$HOME/pager.txt\"\n", to: name)
    #expect(chmod(path, 0o755) == 0)
    return path
  }

  /// How many lines the pager read, or nil when no pager ran.
  var paged: Int? { home.contents("paged.txt").map { $0.filter { $0 == UInt8(ascii: "\n") }.count } }
  var pagerCall: String? { home.contents("pager.txt").map { String(decoding: $0, as: UTF8.self) } }

  @Test func tallOutputOnATerminalGoesThroughSquadPagerBeforePager() throws {
    let pager = try fakePager()
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": pager, "PAGER": "false"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(paged == Self.tallTable)
    #expect(!result.stdout.contains("Zzzax"), "squad printed the table itself too")
    #expect(pagerCall == "FRX|", "LESS defaults to FRX for any pager")
  }

  @Test func withoutSquadPagerPagerIsUsedAndLESSIsLeftAlone() throws {
    let pager = try fakePager()
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["PAGER": pager, "LESS": "-S"])
    #expect(result.status == 0)
    #expect(paged == Self.tallTable)
    #expect(pagerCall == "-S|")
  }

  @Test func withNeitherSetLessRunsWithFRX() throws {
    // A `less` of our own first on PATH stands in for the real one.
    let bin = home.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    _ = try fakePager(named: "bin/less")
    let path = bin + ":" + (CLIProcess.environment(home: home.path)["PATH"] ?? "")
    let result = try PseudoTerminal.run(["heroes", "--all", "-q"], home: home.path, environment: ["PATH": path])
    #expect(result.status == 0)
    #expect(paged == Self.tallTable)
    #expect(pagerCall == "FRX|-FRX")
  }

  @Test(arguments: [
    (["heroes", "--limit", "5", "-q"], [:]), (["heroes", "--all", "-q", "--no-pager"], [:]),
    (["--no-pager", "heroes", "--all", "-q"], [:]), (["heroes", "--all", "-q"], ["SQUAD_PAGER": ""]),
    (["heroes", "--all", "-q"], ["SQUAD_PAGER": "cat"]), (["heroes", "--all", "-q"], ["SQUAD_PAGER": " cat "]),
  ])
  func shortOutputNoPagerAndAnEmptyOrCatPagerPrintStraightToTheTerminal(
    arguments: [String], environment: [String: String]
  ) throws {
    let pager = try fakePager()
    let result = try PseudoTerminal.run(
      arguments, home: home.path, environment: ["PAGER": pager].merging(environment) { $1 })
    #expect(result.status == 0)
    #expect(paged == nil, "a pager ran")
    #expect(result.stdout.contains("3-D Man"))
  }

  @Test func aPipeIsNeverPaged() throws {
    let pager = try fakePager()
    let result = try CLIProcess.run(["heroes", "--all"], home: home.path, environment: ["SQUAD_PAGER": pager])
    #expect(result.status == 0)
    #expect(result.lines.count == 1_564)
    #expect(paged == nil)
  }

  @Test func aPagerThatQuitsEarlyEndsTheRunQuietly() throws {
    // `head` reads a little and exits, as a user pressing q does: squad's next write fails.
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "head -n 1"])
    #expect(result.status == 0)
    #expect(!result.wasSignalled)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains("NAME") && !result.stdout.contains("Zzzax"))
  }

  @Test func aPagerThatCannotRunIsReportedAndTheOutputStillShown() throws {
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "no-such-pager-anywhere"])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "Warning: the pager 'no-such-pager-anywhere' could not be started (No such file or directory); printing"),
      "\(result.stderr)")
    #expect(result.stdout.contains("Zzzax"))
    // Through a shell, 127 is the shell's own word for a command it could not find.
    let shell = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "LESS=R no-such-pager-anywhere"])
    #expect(shell.status == 0)
    #expect(
      shell.stderr.contains("the pager 'LESS=R no-such-pager-anywhere' could not be run (the shell's exit status 127)"),
      "\(shell.stderr)")
    #expect(shell.stdout.contains("Zzzax"))
  }

  /// Found by the ninth attack: a pager that ran and exited 127 was taken for one that could not
  /// be run, and the output printed again after it.
  @Test func aPagerThatRanAndExited127FailsAndTheOutputIsNotPrintedAgain() throws {
    try home.write("#!/bin/sh\ncat > \"$HOME/paged.txt\"\nexit 127\n", to: "pager127")
    #expect(chmod(home.file("pager127"), 0o755) == 0)
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": home.file("pager127")])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("failed (exit status 127)"), "\(result.stderr)")
    #expect(paged == Self.tallTable)
    #expect(!result.stdout.contains("Zzzax"), "squad printed the table again")
  }

  /// Found by the ninth attack: a pager a shell reports killed by SIGPIPE (128 + 13) counted as
  /// failed; it is a reader that quit early.
  @Test func aPagerEndedBySIGPIPEThroughAShellEndsTheRunQuietly() throws {
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "sh -c 'kill -PIPE $$'; exit $?"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(!result.stdout.contains("Zzzax"))
  }

  /// Found by the attack: `SQUAD_PAGER=false` on a terminal printed nothing and exited 0.
  @Test func aPagerThatFailsIsReportedAndTheRunFails() throws {
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "false"])
    #expect(result.status == 1)
    #expect(!result.wasSignalled)
    #expect(
      result.stderr.contains("Error: the pager 'false' failed (exit status 1); the output may not have been shown."),
      "\(result.stderr)")
  }

  /// Found by the eleventh attack (F15): the pager's command is quoted cleaned, as every path and
  /// name in a message is; an escape in it never reaches the terminal.
  @Test func aFailingPagersCommandIsQuotedWithoutItsControlCharacters() throws {
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": "false \u{1B}[31mRED"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Error: the pager 'false [31mRED' failed"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
  }

  /// Found by the eleventh attack (F2): a pager killed by SIGKILL or SIGSEGV ended squad with 0
  /// and no word; only a signal the reader chose (SIGPIPE, Ctrl-C) is a quiet end.
  @Test(arguments: [("KILL", 9), ("SEGV", 11)])
  func aPagerKilledByASignalItDidNotChooseFailsTheRun(_ signal: String, number: Int) throws {
    try home.write("#!/bin/sh\nkill -\(signal) $$\n", to: "pagerkilled")
    #expect(chmod(home.file("pagerkilled"), 0o755) == 0)
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": home.file("pagerkilled")])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("was killed by signal \(number) ("), "\(result.stderr)")
  }

  /// Found by the eleventh attack (F3): a plain-word pager that is a script without `#!` could
  /// not be started (ENOEXEC); it is run through /bin/sh, as execvp runs it.
  @Test func aPagerScriptWithoutAShebangRunsThroughTheShell() throws {
    try home.write("cat > \"$HOME/paged.txt\"\n", to: "pagernoshebang")
    #expect(chmod(home.file("pagernoshebang"), 0o755) == 0)
    let result = try PseudoTerminal.run(
      ["heroes", "--all", "-q"], home: home.path, environment: ["SQUAD_PAGER": home.file("pagernoshebang")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(paged == Self.tallTable)
  }

  @Test func pickNeverPages() throws {
    let pager = try fakePager()
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Filter:"), .type("\u{1B}")], rows: 10,
      environment: ["SQUAD_PAGER": pager])
    #expect(session.exit == 0, "\(session.error ?? "")")
    #expect(paged == nil)
  }
}
