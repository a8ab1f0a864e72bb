import Foundation
import Testing

@testable import SquadCore

/// What the eleventh hostile attack found in waiting for a lock (its findings 1, 7 and 12), with the real binary.
@Suite(.enabled(if: CLIProcess.which("python3") != nil, "python3 holds a lock as another process"))
struct EleventhAttackLockEndToEndTests {
  let squad = SquadProcess()

  /// Finding 1: a bad SQUAD_LOCK_TIMEOUT stopped look-ups, which take no lock; a change still refuses it.
  @Test func aBadLockTimeoutStopsOnlyAChange() throws {
    #expect(try squad.run("recruit", "thor", "--offline", "-q").status == 0)
    var bad = squad
    bad.environment["SQUAD_LOCK_TIMEOUT"] = "abc"
    for command in [["show", "thor"], ["list"], ["squads"], ["history"], ["heroes", "hulk"]] {
      let result = try bad.run(arguments: command + ["--offline"])
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    let change = try bad.run("recruit", "hulk", "--offline")
    #expect(change.status == 64, "\(change.stderr)")
    #expect(
      change.stderr.contains(
        "SQUAD_LOCK_TIMEOUT must be a whole number of seconds from 0 (give up at once) to 31622400 (a year)"),
      "\(change.stderr)")
    #expect(try squad.run("list").stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
  }

  /// Finding 7: the limit started again at each lock and the one notice named the first lock only.
  /// The holder lets go of squads.lock when squad says it waits for it, and keeps the squad's lock.
  @Test func aSecondWaitNamesItsLockAndSharesTheBudget() throws {
    #expect(try squad.run("squads", "create", "av", "-q").status == 0)
    var environment = squad.environment
    environment["SQUAD_LOCK_TIMEOUT"] = "1"
    let report = try LockHolder.run(
      holding: [squad.home.file("squads.lock"), squad.home.file("squads/av/squad.lock")],
      [SquadProcess.binary, "--squad", "av", "recruit", "hulk", "--offline"], environment: environment)
    let stderr = report.stderr
    #expect(report.status == 1, "\(stderr)")
    let second = squad.home.file("squads/av/squad.lock")
    #expect(stderr.contains("Waiting for another squad command to finish: \(second) is held"), "\(stderr)")
    #expect(stderr.contains("Error: Gave up after 1 second waiting for \(second): "), "\(stderr)")
  }

  /// Finding 12: on a terminal, `squads create` (and undo, redo, pick's save) waited without a word.
  @Test func aWaitOnATerminalSaysSo() throws {
    let holder = Process()
    holder.executableURL = try #require(CLIProcess.which("python3"))
    let script = "import fcntl,sys\nf=open(sys.argv[1],'a')\nfcntl.flock(f,fcntl.LOCK_EX)\nprint('held',flush=True)\n"
    holder.arguments = ["-c", script + "sys.stdin.read()", squad.home.file("squads.lock")]
    let (input, output) = (Pipe(), Pipe())
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    defer {
      try? input.fileHandleForWriting.close()
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    #expect(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("held"))
    // stderr on the terminal too, so squad sees a terminal there.
    let result = try PseudoTerminal.run(
      ["squads", "create", "qq"], home: squad.home.path, environment: ["SQUAD_LOCK_TIMEOUT": "1"],
      mergeStderr: true)
    #expect(result.status == 1, "\(result.stdout)")
    let notice = "Waiting for another squad command to finish: \(squad.home.file("squads.lock")) is held"
    #expect(result.stdout.components(separatedBy: notice).count == 2, "said once: \(result.stdout)")
  }
}
