import Foundation
import Testing

@testable import SquadCore

/// Why strace cannot interrupt squad here, nil when it can: it may be missing, or ptrace may be
/// denied (a container without the capability).
private let straceProblem: String? = {
  guard let strace = CLIProcess.which("strace") else {
    return "strace is needed to interrupt squad at its commit, and it is not installed"
  }
  let probe = try? CLIProcess.execute(
    strace, ["-f", "-qq", "-o", "/dev/null", "-e", "trace=none", "/bin/sh", "-c", "exit 0"],
    environment: ["PATH": "/usr/bin:/bin"], directory: nil)
  guard let probe, probe.status == 0 else {
    return "strace is installed but cannot trace here (ptrace not permitted?): \(probe?.stderr ?? "it did not run")"
  }
  return nil
}()

/// Ctrl-C (SIGINT) or SIGTERM arriving once a change is committed (its rename done) lets the
/// command finish: exit 0 and its usual report, never 130 or 143, which say nothing changed and
/// make a script that retries do the change twice (an undo undoing a second change). strace
/// delivers the signal exactly at the system call named, so no timing is guessed.
@Suite(.disabled(if: straceProblem != nil, Comment(rawValue: straceProblem ?? "")))
struct InterruptAfterCommitTests {
  /// A command, the home it runs in, what it says on success, and what shows its change.
  struct Case {
    var arguments: [String]
    var says: String
    var check: (SquadProcess) throws -> Bool
  }

  /// `squad` run in its home under strace, with `signal` delivered at the `when`th `call` (which
  /// the trace must show); `failing` makes that call fail with EIO as well.
  func interrupted(
    _ squad: SquadProcess, _ signal: String, at call: String, when: Int = 1, failing: Bool = false,
    _ arguments: [String]
  ) throws -> CLIResult {
    let fault = (failing ? "error=EIO:" : "") + "signal=\(signal):when=\(when)"
    let log = squad.home.file("../strace-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: log) }
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("strace")),
      ["-f", "-qq", "-o", log, "-e", "trace=\(call)", "-e", "inject=\(call):\(fault)", SquadProcess.binary]
        + arguments, environment: squad.environment, directory: squad.home.path)
    let trace = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
    #expect(trace.contains("--- SIG\(signal) {"), "\(arguments): the signal came at \(call) #\(when)")
    return result
  }

  func names(_ squad: SquadProcess, _ arguments: String...) throws -> [String] {
    try squad.run(arguments: arguments + ["list", "--fields", "name"]).lines
  }

  @Test func undoInterruptedAtTheFolderFlushAfterItsRenameIsDoneAndSaysSo() throws {
    // The attack's own line: the third fsync is the folder's, right after the squad file's rename.
    let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])
    #expect(try squad.run("recruit", "thor").status == 0)
    #expect(try squad.run("recruit", "hulk").status == 0)
    let undo = try interrupted(squad, "INT", at: "fsync", when: 3, ["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stderr == "Undid 1 change.\nFired Hulk.\n")
    #expect(try names(squad) == ["Thor"])
    #expect(try squad.run("history").lines.first?.contains("undid #2 (recruited Hulk)") == true)
  }

  @Test(arguments: ["INT", "TERM"])
  func everyChangeInterruptedRightAfterItsRenameIsDoneAndSaysSo(signal: String) throws {
    let cases: [Case] = [
      Case(arguments: ["recruit", "hulk"], says: "Recruited Hulk.") { try names($0) == ["Thor", "Hulk"] },
      Case(arguments: ["fire", "thor", "--yes"], says: "Fired Thor.") { try names($0).isEmpty },
      Case(arguments: ["undo"], says: "Undid 1 change.") { try names($0).isEmpty },
      Case(arguments: ["import", "other.json", "--replace"], says: "Imported 1 member") { try names($0) == ["Storm"] },
      Case(arguments: ["squads", "edit", "av", "--max", "5"], says: "now holds at most 5 members") {
        try $0.run("squads", "--fields", "name,maxMembers").lines.contains("av\t5")
      },
      Case(arguments: ["squads", "rename", "av", "bv"], says: "Renamed the squad 'av' to 'bv'.") {
        try names($0, "--squad", "bv") == ["Hulk"]
      },
      Case(arguments: ["squads", "delete", "av", "--yes"], says: "Deleted the squad 'av'") {
        try $0.run("squads", "--fields", "name").lines == ["default"]
      },
      Case(arguments: ["squads", "create", "cv"], says: "Created the squad 'cv'.") {
        try $0.run("squads", "--fields", "name").lines == ["default", "av", "cv"]
      },
      Case(arguments: ["catalogue", "import", "heroes.json"], says: "1 added") {
        try $0.run("show", "5000002").status == 0
      },
      Case(arguments: ["export", "--output", "out.json"], says: "Exported 1 member to out.json.") {
        // Two exports a second apart differ only in their exportedAt line.
        let undated = { (text: String) in text.replacing(#/"exportedAt": "[^"]*"/#, with: "") }
        let written = $0.home.contents("out.json").map { undated(String(decoding: $0, as: UTF8.self)) }
        return written == (try? $0.run("export").stdout).map(undated)
      },
      Case(arguments: ["catalogue", "reset", "--yes"], says: "now holds the bundled set only") {
        try $0.run("show", "5000001").status == 3
      },
    ]
    for item in cases {
      let squad = try home()
      let result = try interrupted(squad, signal, at: "rename", item.arguments)
      #expect(result.status == 0, "\(signal) \(item.arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(item.says), "\(signal) \(item.arguments): \(result.stderr)")
      #expect(try item.check(squad), "\(signal) \(item.arguments): the change is made")
    }
  }

  @Test func aRepairInterruptedRightAfterItsRenameIsDoneAndSaysSo() throws {
    let squad = try home()
    let path = squad.home.file("catalogue.sqc")
    var bytes = try #require(FileManager.default.contents(atPath: path))
    // Bytes near the end: the records' checks, so the file is damaged but still read.
    for index in bytes.count - 60..<bytes.count - 52 { bytes[index] ^= 0x55 }
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(try squad.run("catalogue", "check").status == 65)
    let repair = try interrupted(squad, "INT", at: "rename", ["catalogue", "check", "--repair"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(repair.stdout.contains("Repaired"), "\(repair.stdout)")
    #expect(try squad.run("catalogue", "check").status == 0)
  }

  @Test func anInterruptAtARenameThatFailsStillEndsTheCommandAndChangesNothing() throws {
    for arguments in [["recruit", "hulk"], ["squads", "rename", "av", "bv"], ["catalogue", "reset", "--yes"]] {
      let squad = try home()
      let before = try squad.home.snapshot()
      let result = try interrupted(squad, "INT", at: "rename", failing: true, arguments)
      #expect(result.status == 130, "\(arguments): \(result.stderr)")
      #expect(try squad.home.snapshot() == before, "\(arguments): nothing changed, no temporary file left")
    }
  }

  /// A home with Thor in the default squad, Hulk in the squad `av`, one imported hero, and
  /// `other.json` (a squad of Storm) and `heroes.json` (a hero 5000002) to import.
  func home() throws -> SquadProcess {
    let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])
    #expect(try squad.run("recruit", "thor").status == 0)
    #expect(try squad.run("squads", "create", "av").status == 0)
    #expect(try squad.run("--squad", "av", "recruit", "hulk").status == 0)
    try squad.home.write(#"[{"id":5000001,"name":"Imported One"}]"#, to: "heroes.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("heroes.json")).status == 0)
    try squad.home.write(#"[{"id":5000002,"name":"Imported Two"}]"#, to: "heroes.json")
    let other = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])
    #expect(try other.run("recruit", "storm").status == 0)
    try squad.home.write(try other.run("export").stdout, to: "other.json")
    return squad
  }
}
