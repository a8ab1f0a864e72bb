import Foundation

@testable import SquadCore

/// Runs squad in process against a temporary home, with a scripted network when given one, the
/// way `scripts/stress`'s fuzzer does; for regression tests of what the reliability suite found.
@MainActor
struct InProcessCLI {
  let home: TemporaryDirectory
  var variables: [String: String] = [:]
  var transport: (any HTTPTransport)?

  init() throws { home = TemporaryDirectory() }

  /// The exit code and everything printed (stdout, stderr).
  func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      terminal: TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false),
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } })
    let code = await SquadCLI.run(
      arguments: ["--home", home.path] + arguments, variables: variables, console: console, transport: transport)
    return (code, out.withLock { $0 }, err.withLock { $0 })
  }
}
