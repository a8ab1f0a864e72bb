import Foundation
import Testing

@testable import SquadCore

private let straceForFaults = CLIProcess.which("strace")

/// Issue 27 through the real binary, with one system call made to fail by `strace -e inject`: a
/// read that fails is an error (exit 1, nothing changed, nothing moved aside), never damage and
/// never a false answer; EINTR is retried; "Nothing was changed" leaves the home as it was; squads'
/// renames and deletes flush their folder. The whole sweep is `scripts/stress --only io-faults`.
@Suite(.enabled(if: straceForFaults != nil, "strace is needed to inject I/O faults (not installed)"))
struct IOFaultsEndToEndTests {
  static let strace = straceForFaults

  /// `squad` run under strace with `faults` (strace options: -P paths, -e trace=, -e inject=).
  func run(_ squad: SquadProcess, _ faults: [String], _ arguments: String...) throws -> CLIResult {
    try run(squad, faults, arguments: arguments)
  }

  /// Fails the `when`th `call` touching `path` with `errno`.
  func failing(_ call: String, of path: String, _ errno: String, when: Int) -> [String] {
    ["-P", path, "-e", "trace=\(call)", "-e", "inject=\(call):error=\(errno):when=\(when)"]
  }

  /// Every file of the home and its bytes.
  func snapshot(_ squad: SquadProcess) -> [String: Data] {
    var files: [String: Data] = [:]
    let root = squad.home.path
    for case let name as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
        files[name] = FileManager.default.contents(atPath: root + "/" + name) ?? Data()
      } else {
        files[name + "/"] = Data()
      }
    }
    return files
  }

  /// A home whose catalogue holds 30 imported heroes (ids 5000001…), and a second file of 30 more.
  func homeWithImports() throws -> SquadProcess {
    let squad = SquadProcess()
    let heroes = { (base: Int) in
      "["
        + (1...30).map { #"{"id":\#(base + $0),"name":"Hero \#(base + $0)"}"# }
        .joined(separator: ",") + "]"
    }
    try squad.home.write(heroes(5_000_000), to: "one.json")
    try squad.home.write(heroes(6_000_000), to: "more.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    return squad
  }

  func importedCount(_ squad: SquadProcess) throws -> Int {
    let overview = try squad.run("catalogue", "--json")
    let object = try JSONSerialization.jsonObject(with: overview.stdoutData) as? [String: Any]
    return ((object?["heroes"] as? [String: Int])?["import"]) ?? -1
  }

  @Test func aCatalogueThatCannotBeReadUnderTheLockIsAnErrorNeverDamage() throws {
    var refused = 0
    for when in 1...4 {
      let squad = try homeWithImports()
      let before = try #require(squad.home.contents("catalogue.sqc"))
      let result = try run(
        squad, failing("openat", of: squad.home.file("catalogue.sqc"), "EIO", when: when),
        "catalogue", "import", squad.home.file("more.json"))
      #expect(try squad.home.listing().allSatisfy { !$0.contains("damaged") }, "when=\(when): nothing moved aside")
      #expect(!result.stderr.contains("moved to"), "when=\(when): \(result.stderr)")
      if result.status == 0 {
        #expect(try importedCount(squad) == 60, "when=\(when): every import kept")
      } else {
        refused += 1
        #expect(result.status == 1)
        #expect(result.stderr.contains("Could not read \(squad.home.file("catalogue.sqc")): Input/output error"))
        #expect(squad.home.contents("catalogue.sqc") == before, "when=\(when): nothing changed")
      }
    }
    #expect(refused > 0, "some fault hit a read")
  }

  @Test func resetThatCannotReadNeverSaysThereIsNothingToReset() throws {
    var refused = 0
    for when in 1...4 {
      let squad = try homeWithImports()
      let before = try #require(squad.home.contents("catalogue.sqc"))
      let result = try run(
        squad, failing("openat", of: squad.home.file("catalogue.sqc"), "EIO", when: when), "catalogue", "reset",
        "--yes")
      #expect(!result.stdout.contains("nothing to reset"), "when=\(when): \(result.stdout)")
      if result.status == 0 {
        #expect(try importedCount(squad) == 0, "when=\(when): reset done")
      } else {
        refused += 1
        #expect(result.status == 1 && result.stderr.contains("Could not read"), "when=\(when): \(result.stderr)")
        #expect(squad.home.contents("catalogue.sqc") == before)
      }
    }
    #expect(refused > 0)
  }

  @Test func recruitingAnImportedHeroWithAnUnreadableCatalogueSaysTheReadFailed() throws {
    var refused = 0
    for when in 1...3 {
      let squad = try homeWithImports()
      let result = try run(
        squad, failing("openat", of: squad.home.file("catalogue.sqc"), "EIO", when: when), "recruit", "5000001")
      #expect(!result.stderr.contains("No hero has the id"), "when=\(when): \(result.stderr)")
      if result.status != 0 {
        refused += 1
        #expect(result.status == 1 && result.stderr.contains("Could not read"))
        #expect(squad.home.contents("squad.json") == nil)
      }
    }
    #expect(refused > 0)
  }

  /// A home with the squad 'avengers' holding Spider-Man, recorded in its history.
  func homeWithAvengers() throws -> SquadProcess {
    let squad = SquadProcess()
    #expect(try squad.run("squads", "create", "avengers").status == 0)
    #expect(try squad.run("--squad", "avengers", "recruit", "1009610").status == 0)
    return squad
  }

  @Test func aHistoryThatCannotBeReadRefusesTheChange() throws {
    for arguments in [
      ["squads", "edit", "avengers", "--max", "8"], ["--squad", "avengers", "recruit", "1009351"],
      ["--squad", "avengers", "fire", "--yes", "1009610"], ["squads", "rename", "avengers", "heroes"],
      ["--squad", "avengers", "import", "IMPORT", "--replace"],
    ] {
      let squad = try homeWithAvengers()
      try squad.home.write(#"{"schemaVersion":1,"members":[]}"#, to: "empty.json")
      let before = snapshot(squad)
      let history = squad.home.file("squads/avengers/history.jsonl")
      let result = try run(
        squad, failing("openat", of: history, "EIO", when: 1),
        arguments: arguments.map { $0 == "IMPORT" ? squad.home.file("empty.json") : $0 })
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("Could not read \(history): Input/output error"), "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("cannot be used as the squad's history"))
      #expect(snapshot(squad) == before, "\(arguments): nothing changed")
    }
    let squad = SquadProcess()
    let result = try run(
      squad, failing("openat", of: squad.home.file("squads/newone/history.jsonl"), "EIO", when: 1), "squads",
      "create", "newone")
    #expect(result.status == 1 && result.stderr.contains("Could not read"), "create: \(result.stderr)")
    #expect(try !FileKind.isPresent(squad.home.file("squads/newone")), "no folder left behind")
  }

  @Test func anInterruptedReadOfAHistoryIsRetriedAndTheChangeRecorded() throws {
    let squad = try homeWithAvengers()
    let history = squad.home.file("squads/avengers/history.jsonl")
    let result = try run(
      squad, failing("openat", of: history, "EINTR", when: 1), "squads", "edit", "avengers", "--max", "8")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("Warning"), "\(result.stderr)")
    let lines = String(decoding: try #require(squad.home.contents("squads/avengers/history.jsonl")), as: UTF8.self)
    #expect(lines.split(separator: "\n").count == 3, "create, recruit, and the limit recorded")
  }

  // Every other call interrupted (1, 3, 5, …): each one made again gets through.
  @Test func everyInterruptedCallIsMadeAgain() throws {
    for call in ["openat", "read", "write", "pwrite64", "fsync", "flock", "rename"] {
      let squad = try homeWithImports()
      let paths = ["openat", "read"].contains(call) ? ["-P", squad.home.file("catalogue.sqc")] : []
      let result = try run(
        squad, paths + ["-e", "trace=\(call)", "-e", "inject=\(call):error=EINTR:when=1+2"], "catalogue", "import",
        squad.home.file("more.json"))
      #expect(result.status == 0, "\(call): \(result.stderr)")
      #expect(try importedCount(squad) == 60, "\(call)")
    }
  }

  @Test func aCreateWhoseFirstWriteFailsLeavesNoFolder() throws {
    let squad = try homeWithAvengers()
    let before = snapshot(squad)
    let result = try run(
      squad, failing("write", of: squad.home.file("squads/newone/history.jsonl"), "ENOSPC", when: 1), "squads",
      "create", "newone")
    #expect(result.status == 1 && result.stderr.contains("Nothing was changed"), "\(result.stderr)")
    #expect(snapshot(squad) == before, "no folder, lock or history left")
    #expect(try squad.run("squads", "rename", "avengers", "newone").status == 0, "nothing in the way")
  }

  @Test func aCreateWhoseFolderCannotBeMadeAsksNobodyToRemoveIt() throws {
    let squad = try homeWithAvengers()
    let before = snapshot(squad)
    let result = try run(
      squad, failing("mkdir", of: squad.home.file("squads/zz"), "EACCES", when: 1), "squads", "create", "zz")
    #expect(result.status == 1 && result.stderr.contains("Nothing was changed"), "\(result.stderr)")
    #expect(!result.stderr.contains("remove it by hand"), "it made no folder")
    #expect(snapshot(squad) == before)
  }

  @Test func aFailedSaveTakesItsHistoryEntryBack() throws {
    let squad = try homeWithAvengers()
    let before = snapshot(squad)
    let result = try run(
      squad, ["-e", "trace=rename", "-e", "inject=rename:error=EIO:when=1"], "--squad", "avengers", "recruit",
      "1009351")
    #expect(result.status == 1 && result.stderr.contains("Nothing was changed"), "\(result.stderr)")
    #expect(snapshot(squad) == before, "byte for byte as it was, the history too")
  }

  @Test func renamesAndDeletesFlushTheSquadsFolderAndSayWhenThatFails() throws {
    for arguments in [["squads", "rename", "avengers", "heroes"], ["squads", "delete", "avengers", "--yes"]] {
      let squad = try homeWithAvengers()
      let trace = squad.home.file("../trace-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(atPath: trace) }
      _ = try CLIProcess.execute(
        try #require(Self.strace),
        ["-f", "-qq", "-y", "-o", trace, "-e", "trace=rename,fsync", SquadProcess.binary] + arguments,
        environment: squad.environment, directory: nil)
      let lines = String(decoding: try #require(FileManager.default.contents(atPath: trace)), as: UTF8.self)
        .split(separator: "\n")
      let moved = try #require(lines.lastIndex { $0.contains("rename(") && $0.contains("squads/avengers\"") })
      let folder = OutputFile.target(of: squad.home.file("squads")) + ">)"
      #expect(
        lines[moved...].contains { $0.contains("fsync(") && $0.hasSuffix("= 0") && $0.contains(folder) },
        "\(arguments): squads/ flushed after the rename that commits")

      let failing = try homeWithAvengers()
      let result = try run(
        failing, ["-P", failing.home.file("squads"), "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1"],
        arguments: arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("flushing the folder to the disk: Input/output error"), "\(result.stderr)")
    }
  }

  @Test func aSpoolLeftByAProcessThatEndedIsSweptAndALiveOnesIsKept() throws {
    let squad = try homeWithImports()
    let ended = try CLIProcess.execute(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$"], environment: squad.environment, directory: nil)
    let deadPID = try #require(Int(ended.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let stale = ".catalogue-spool.tmp-\(deadPID)-AbCdEf"
    let live = ".catalogue-spool.tmp-\(getpid())-AbCdEf"
    try squad.home.write(String(repeating: "x", count: 4096), to: stale)
    try squad.home.write("y", to: live)
    #expect(try squad.run("catalogue", "import", squad.home.file("more.json")).status == 0)
    #expect(try !FileKind.isPresent(squad.home.file(stale)), "swept as a stale temporary file")
    #expect(try FileKind.isPresent(squad.home.file(live)), "a running process's spool is kept")

    // An import whose spool cannot be unlinked leaves it under its process's id, and the next
    // write sweeps it.
    let failed = try homeWithImports()
    let result = try run(
      failed, ["-e", "trace=unlink", "-e", "inject=unlink:error=EIO:when=1+"], "catalogue", "import",
      failed.home.file("more.json"))
    #expect(result.status == 0, "\(result.stderr)")
    let left = try failed.home.listing().filter { $0.hasPrefix(".catalogue-spool") }
    #expect(left.allSatisfy { AtomicFile.writer(of: $0, name: RecordSpool.leftoverName) != nil }, "\(left)")
    try failed.home.write(#"[{"id":7000001,"name":"Last"}]"#, to: "last.json")
    #expect(try failed.run("catalogue", "import", failed.home.file("last.json")).status == 0)
    #expect(try failed.home.listing().filter { $0.hasPrefix(".catalogue-spool") }.isEmpty)
  }
}

extension IOFaultsEndToEndTests {
  func run(_ squad: SquadProcess, _ faults: [String], arguments: [String]) throws -> CLIResult {
    try CLIProcess.execute(
      try #require(Self.strace), ["-f", "-qq", "-o", "/dev/null"] + faults + [SquadProcess.binary] + arguments,
      environment: squad.environment, directory: nil)
  }
}
