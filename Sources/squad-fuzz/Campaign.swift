import Foundation
import SquadCore

/// Runs iterations, tallies exit codes and reports anything outside the contract: an exit code
/// PRODUCT.md does not document, a squad file left invalid, a leftover temporary file, the
/// private key in output. A crash or hang ends the process; the parent sees the last
/// `iteration` line.
@MainActor
final class Campaign {
  static let documentedCodes: Set<Int32> = Set(ExitCode.allCases.map(\.rawValue))
  static let privateKey = "fuzz-private-key"

  let options: FuzzOptions
  let sandbox: Sandbox
  private var watch: SquadFileWatch
  private var codes: [Int32: Int] = [:]
  private var anomalies = 0
  private var capped = 0
  private let watchdog: Watchdog

  init(options: FuzzOptions, sandbox: Sandbox) {
    self.options = options
    self.sandbox = sandbox
    watch = SquadFileWatch(root: sandbox.root)
    watchdog = Watchdog(limit: options.hangSeconds)
  }

  /// Iterations `start ..< start + count`; the sandbox is reset every `resetEvery` iterations
  /// (by absolute index, so a slice can be replayed from its block's start).
  func run(resetEvery: Int, _ iteration: (Int) async -> (code: Int32, argv: [String], output: String, requests: Int))
    async
  {
    // The parent needs the block size to replay a finding from its block's start.
    Report.event("plan", ["resetEvery": resetEvery, "stateCount": Sandbox.stateCount])
    for index in options.start..<(options.start + options.count) {
      if index % resetEvery == 0 || index == options.start {
        sandbox.reset(state: index / resetEvery)
        watch.baseline()
      }
      Report.line("iteration \(index)")
      watchdog.begin(index)
      let started = Date()
      let outcome = await iteration(index)
      watchdog.idle()
      if options.verbose {
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        Report.event(
          "ran",
          [
            "iteration": index, "argv": outcome.argv, "code": Int(outcome.code), "ms": milliseconds,
            "requests": outcome.requests,
          ])
      }
      codes[outcome.code, default: 0] += 1
      if outcome.requests > ScriptedTransport.requestCap { capped += 1 }
      var problems = watch.problems()
      if !Self.documentedCodes.contains(outcome.code) { problems.append("undocumented exit code \(outcome.code)") }
      if outcome.output.contains(Self.privateKey) { problems.append("the private key appeared in the output") }
      for problem in problems {
        anomalies += 1
        Report.event(
          "anomaly", ["iteration": index, "problem": problem, "argv": outcome.argv, "code": Int(outcome.code)])
      }
    }
    Report.event(
      "summary",
      [
        "iterations": options.count, "anomalies": anomalies, "requestCapHit": capped,
        "codes": Dictionary(uniqueKeysWithValues: codes.map { (String($0.key), $0.value) }),
      ])
  }

  /// A terminal, or pipes, as the iteration's generator decides.
  static func terminal(_ random: inout SeededGenerator) -> TerminalInfo {
    guard random.chance(0.3) else { return TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false) }
    return TerminalInfo(
      stdoutIsTTY: random.chance(0.8), stderrIsTTY: random.chance(0.8), stdinIsTTY: random.chance(0.5),
      width: random.pick([1, 2, 3, 7, 20, 80, 200, 5_000]))
  }

  /// Environment variables for a run inside the sandbox.
  static func variables(_ random: inout SeededGenerator, home: String) -> [String: String] {
    var variables = ["HOME": home, "PATH": "/usr/bin:/bin"]
    if random.chance(0.2) { variables["COLUMNS"] = random.pick(["0", "-3", "1", "abc", "100000"]) }
    if random.chance(0.2) { variables["NO_COLOR"] = "1" }
    if random.chance(0.2) { variables["CLICOLOR_FORCE"] = "1" }
    if random.chance(0.2) { variables["TERM"] = random.pick(["dumb", "xterm-256color", ""]) }
    return variables
  }
}
