import Foundation

/// A `squad` process still running, for tests that interrupt it at a known point.
///
/// The point is known because the test waits for a `--trace` line on stderr: the process has
/// then installed its signal handlers and reached the step the line announces.
final class RunningCLI {
  private let process = Process()
  private let errors = Pipe()
  private var seen = Data()

  /// Starts `squad --home <home> <arguments>` with stderr readable line by line.
  init(_ arguments: [String], home: String) throws {
    process.executableURL = CLIProcess.binary
    process.arguments = ["--home", home] + arguments
    process.environment = CLIProcess.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
  }

  /// Reads stderr until it holds `text`; false if the process closed stderr first.
  ///
  /// A watchdog kills the process if the text has not come after a minute, so a test whose
  /// marker never appears fails instead of hanging; it never decides a passing run.
  func waitForStderr(containing text: String) -> Bool {
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    while !String(decoding: seen, as: UTF8.self).contains(text) {
      let chunk = errors.fileHandleForReading.availableData
      if chunk.isEmpty { return false }
      seen.append(chunk)
    }
    return true
  }

  /// Sends SIGINT, as Ctrl-C does.
  func interrupt() { process.interrupt() }

  /// Waits for the end; the exit status and whether a signal (not an exit) ended it.
  func wait() -> (status: Int32, wasSignalled: Bool) {
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
  }
}
