import Foundation

/// A `squad` user with one home: runs the built binary (``CLIProcess``) as a real process, with
/// real files and real exit codes, in a clean environment without API keys.
struct SquadProcess {
  /// What one run printed and how it ended.
  typealias Outcome = CLIResult

  /// The `squad` executable under test.
  static var binary: String { CLIProcess.binary.path }

  /// The home every run uses (`SQUAD_HOME`), and a clean environment without API keys.
  let home: TemporaryDirectory
  var environment: [String: String]
  /// The folder the process starts in; the test process's own when nil.
  var workingDirectory: String?

  init(home: TemporaryDirectory = TemporaryDirectory(), environment: [String: String] = [:]) {
    self.home = home
    self.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "SQUAD_HOME": home.path, "LANG": "C.UTF-8"]
      .merging(environment) { $1 }
  }

  /// Runs `squad` with the arguments and optional stdin, waiting for it to exit.
  func run(_ arguments: String..., stdin: String? = nil) throws -> Outcome {
    try run(arguments: arguments, stdin: stdin)
  }

  func run(arguments: [String], stdin: String? = nil) throws -> Outcome {
    try start(arguments: arguments, stdin: stdin).wait()
  }

  /// Starts `squad` without waiting, for tests that run many at once.
  func start(arguments: [String], stdin: String? = nil) throws -> CLIProcess.Started {
    try CLIProcess.start(
      CLIProcess.binary, arguments, environment: environment, directory: workingDirectory,
      stdin: stdin.map { Data($0.utf8) })
  }

  /// Runs `squad` on a pseudo-terminal (via `script`: util-linux's or BSD's), as a person at a terminal sees it.
  func runOnTerminal(_ arguments: [String], columns: Int = 80, extraEnvironment: [String: String] = [:]) throws
    -> Outcome
  {
    let quoted = ([SquadProcess.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command = "stty cols \(columns) rows 40 2>/dev/null; " + quoted.joined(separator: " ")
    var runner = self
    runner.environment.merge(extraEnvironment) { $1 }
    runner.environment["TERM"] = runner.environment["TERM"] ?? "xterm-256color"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    #if os(Linux)
      process.arguments = ["-qec", command, "/dev/null"]
    #else
      // BSD script takes the command as words after the file, and exits with its status.
      process.arguments = ["-q", "/dev/null", "/bin/sh", "-c", command]
    #endif
    process.environment = runner.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // A terminal turns "\n" into "\r\n"; tests compare lines.
    let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    return Outcome(status: process.terminationStatus, stdoutData: Data(text.utf8), stderr: "", wasSignalled: false)
  }
}
