import Foundation

/// Runs the built `squad` binary as a user would: a real process, real files, real exit codes.
struct SquadProcess {
  /// What one run printed and how it ended.
  struct Outcome: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// stderr lines, for tests of notices and traces.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
  }

  /// The `squad` executable built next to the test bundle, or `SQUAD_TEST_BINARY` when set
  /// (`scripts/test` runs the end-to-end suites again against the static release build).
  static let binary: String = {
    if let chosen = ProcessInfo.processInfo.environment["SQUAD_TEST_BINARY"], !chosen.isEmpty { return chosen }
    let products = Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()
    let beside = products.appendingPathComponent("squad").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/squad").path
  }()

  private final class Marker {}

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
    let process = try start(arguments: arguments, stdin: stdin)
    process.process.waitUntilExit()
    return process.outcome()
  }

  /// Starts `squad` without waiting, for tests that run many at once.
  func start(arguments: [String], stdin: String? = nil) throws -> Running {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: SquadProcess.binary)
    process.arguments = arguments
    process.environment = environment
    if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    let id = UUID().uuidString
    let outPath = NSTemporaryDirectory() + "squad-out-" + id
    let errPath = NSTemporaryDirectory() + "squad-err-" + id
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    return Running(process: process, outPath: outPath, errPath: errPath)
  }

  /// A started process and where its output goes.
  struct Running {
    let process: Process
    let outPath: String
    let errPath: String

    func outcome() -> Outcome {
      defer {
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
      }
      func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
      }
      return Outcome(status: process.terminationStatus, stdout: read(outPath), stderr: read(errPath))
    }
  }

  /// Runs `squad` on a pseudo-terminal (via util-linux `script`), as a person at a terminal sees it.
  func runOnTerminal(_ arguments: [String], columns: Int = 80, extraEnvironment: [String: String] = [:]) throws -> Outcome {
    let quoted = ([SquadProcess.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command = "stty cols \(columns) rows 40 2>/dev/null; " + quoted.joined(separator: " ")
    var runner = self
    runner.environment.merge(extraEnvironment) { $1 }
    runner.environment["TERM"] = runner.environment["TERM"] ?? "xterm-256color"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    process.environment = runner.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // A terminal turns "\n" into "\r\n"; tests compare lines.
    let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    return Outcome(status: process.terminationStatus, stdout: text, stderr: "")
  }
}
