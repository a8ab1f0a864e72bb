import Foundation
import Testing

@testable import SquadCore

/// What the ninth hostile attack left open (its findings 6, 9 and 10), with the real binary.
@Suite(.enabled(if: CLIProcess.which("python3") != nil, "python3 holds a lock as another process"))
struct NinthAttackLeftEndToEndTests {
  let squad = SquadProcess()

  private func recruit(stdin text: String) throws -> SquadProcess.Outcome {
    try CLIProcess.start(
      CLIProcess.binary, ["recruit", "-"], environment: squad.environment, directory: nil, stdin: Data(text.utf8)
    ).wait()
  }

  /// Finding 6: a line whose first field is empty took its second field, against "each line's first field".
  @Test(arguments: [("\thulk\n", 1), ("thor\n  \t1009351\n", 2)])
  func recruitFromStdinRefusesARowWhoseFirstFieldIsEmpty(_ text: String, line: Int) throws {
    let result = try recruit(stdin: text)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("line \(line) of stdin has an empty first field"), "\(result.stderr)")
    #expect(result.stderr.contains("Nothing was recruited."), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    // A row with its first field, and a line of blanks and tabs only, are read as before.
    let kept = try recruit(stdin: "1009351\tHulk\n\t \n")
    #expect(kept.status == 0 && kept.stderr.contains("Recruited Hulk."), "\(kept.stderr)")
  }

  /// Finding 6: a byte-order mark inside stdin was quoted raw, so the message showed a name that
  /// looked like an id squad knows. One at the very start of stdin is skipped, as `import -` skips it.
  @Test func anInvisibleCharacterInAQuotedNameIsShownByItsCodePoint() throws {
    // An id with one before it is that id (the eleventh attack's F4); a name with one inside is shown.
    let result = try recruit(stdin: "1009351\tHulk\n\u{FEFF}1009664\tThor\nno\u{FEFF}such\n")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("No hero is named 'no<U+FEFF>such'"), "\(result.stderr)")
    #expect(!result.stderr.contains("1009664"), "the id with a mark before it is Thor: \(result.stderr)")
    #expect(!result.stderr.contains("\u{FEFF}"), "\(result.stderr)")
    let overridden = try squad.run("show", "\u{202E}kluh")
    #expect(overridden.stderr.contains("'<U+202E>kluh'"), "\(overridden.stderr)")
    let marked = try recruit(stdin: "\u{FEFF}1009351\n")
    #expect(marked.status == 0 && marked.stderr.contains("Recruited Hulk."), "\(marked.stderr)")
  }

  /// `show --format csv` printed its CSV raw on a terminal, so a right-to-left override in a name
  /// reached the terminal; every other listing's CSV is cleaned there.
  @Test func showsCSVOnATerminalCarriesNoBidiOverride() throws {
    let member =
      "{\"id\":9999901,\"name\":\"\\u202eroht\",\"description\":\"d\\u2066e\",\"thumbnail\":\"\","
      + "\"recruitedAt\":\"2026-01-01T00:00:00Z\"}"
    try squad.home.write("{\"schemaVersion\":1,\"members\":[\(member)]}", to: "squad.json")
    let shown = try squad.runOnTerminal(["show", "9999901", "--format", "csv", "--no-pager"])
    #expect(shown.status == 0, "\(shown.stdout)")
    #expect(shown.stdout.contains("9999901,roht,"), "\(shown.stdout)")
    #expect(!shown.stdout.unicodeScalars.contains { $0.properties.isBidiControl }, "\(shown.stdout)")
    // Into a pipe the CSV stays exact.
    let piped = try squad.run("show", "9999901", "--format", "csv")
    #expect(piped.stdout.contains("9999901,\u{202E}roht,"), "\(piped.stdout)")
  }

  /// A python3 child holding an exclusive flock on `file` until its stdin closes or it is
  /// killed; returned once the lock is held.
  private func holdLock(_ file: String) throws -> (process: Process, input: Pipe) {
    let holder = Process()
    holder.executableURL = try #require(CLIProcess.which("python3"))
    let script = "import fcntl,sys\nf=open(sys.argv[1],'a')\nfcntl.flock(f,fcntl.LOCK_EX)\nprint('held',flush=True)\n"
    holder.arguments = ["-c", script + "sys.stdin.read()", file]
    let (input, output) = (Pipe(), Pipe())
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(said.hasPrefix("held"), "the lock is held before a word is printed")
    return (holder, input)
  }

  /// Runs squad under python3 with a time limit, so a wait that never ends fails the test
  /// rather than hanging it: the exit status (nil past the limit) and stderr.
  private func runWithin(_ seconds: Int, _ environment: [String: String], _ arguments: String...) throws -> (
    status: Int?, stderr: String
  ) {
    let script = """
      import json, subprocess, sys
      try:
          ran = subprocess.run(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=int(sys.argv[1]))
          print(json.dumps({'status': ran.returncode, 'stderr': ran.stderr.decode()}))
      except subprocess.TimeoutExpired as expired:
          print(json.dumps({'status': None, 'stderr': (expired.stderr or b'').decode()}))
      """
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("python3")), ["-c", script, String(seconds), SquadProcess.binary] + arguments,
      environment: environment, directory: nil)
    let report = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    return (report["status"] as? Int, report["stderr"] as? String ?? "")
  }

  /// Finding 9: a change waiting for a lock held elsewhere said nothing in a pipe and never gave
  /// up. It says so once, and past SQUAD_LOCK_TIMEOUT exits 1 naming the lock and its holder.
  @Test func aLockHeldElsewhereIsWaitedForOutLoudAndGivenUpOn() throws {
    #expect(try squad.run("recruit", "hulk", "--offline").status == 0)
    let before = squad.home.contents("squad.json")
    let (holder, input) = try holdLock(squad.home.file("squad.lock"))
    defer {
      // SIGKILL by its pid: the test process may block SIGTERM, and a child inherits the mask.
      try? input.fileHandleForWriting.close()
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    let waiting = squad.environment.merging(["SQUAD_LOCK_TIMEOUT": "1"]) { $1 }
    let result = try runWithin(30, waiting, "recruit", "thor", "--offline")
    #expect(result.status == 1, "\(result.stderr)")
    let lock = squad.home.file("squad.lock")
    let notice = "Waiting for another squad command to finish: \(lock) is held (squad gives up after 1 second)…"
    #expect(result.stderr.components(separatedBy: notice).count == 2, "said once: \(result.stderr)")
    #expect(result.stderr.contains("Error: Gave up after 1 second waiting for \(lock): "), "\(result.stderr)")
    #if os(Linux)
      #expect(result.stderr.contains(": process \(holder.processIdentifier) (python3) holds it."), "\(result.stderr)")
    #endif
    #expect(result.stderr.contains("Nothing was changed."), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == before)
    // --quiet leaves the notice out; the error stays.
    let quiet = try runWithin(30, waiting, "fire", "hulk", "--yes", "--offline", "--quiet")
    #expect(quiet.status == 1 && !quiet.stderr.contains("Waiting for"), "\(quiet.stderr)")
    #expect(quiet.stderr.contains("Error: Gave up after 1 second"), "\(quiet.stderr)")
    let wrong = try runWithin(30, waiting.merging(["SQUAD_LOCK_TIMEOUT": "soon"]) { $1 }, "recruit", "thor")
    #expect(wrong.status == 64 && wrong.stderr.contains("SQUAD_LOCK_TIMEOUT must be a whole number"), "\(wrong.stderr)")
  }

  /// The wait itself goes on: once the holder lets go, the change is made. The holder lets go
  /// when squad says it waits, so the notice is what the test waits for.
  @Test func aChangeWaitingForALockIsMadeOnceTheHolderLetsGo() throws {
    let report = try LockHolder.run(
      holding: [squad.home.file("squad.lock")], [SquadProcess.binary, "recruit", "thor", "--offline"],
      environment: squad.environment)
    let stderr = report.stderr
    #expect(report.status == 0, "\(stderr)")
    #expect(stderr.contains("(squad gives up after 60 seconds)…\n"), "\(stderr)")
    #expect(stderr.contains("Recruited Thor."), "\(stderr)")
    #expect(try squad.run("list").stdout.hasPrefix("1009664\tThor\t"))
  }
}
