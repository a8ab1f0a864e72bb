import Foundation
import Testing

/// What a run of a program printed and how it ended.
struct CLIResult: Sendable {
  /// The exit status, or the signal number when `wasSignalled`.
  var status: Int32
  /// Everything written to stdout, as bytes.
  var stdoutData: Data
  /// Everything written to stderr.
  var stderr: String
  /// Whether the process ended by a signal rather than by exiting.
  var wasSignalled: Bool

  /// stdout as text.
  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  /// stdout's non-empty lines.
  var lines: [String] { stdout.split(separator: "\n").map(String.init) }
  /// stderr's non-empty lines, for tests of notices and traces.
  var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// Runs the built `squad` binary as a user would: its own process, a temporary `--home`, a
/// clean environment (no API keys, no colour variables) plus what the test adds.
enum CLIProcess {
  /// The built binary: `SQUAD_TEST_BINARY` when set (`scripts/test` runs the end-to-end suites
  /// again against the static release build), else beside the test bundle, else `.build/debug`.
  static let binary: URL = {
    if let chosen = ProcessInfo.processInfo.environment["SQUAD_TEST_BINARY"], !chosen.isEmpty {
      return URL(fileURLWithPath: chosen)
    }
    let products = Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()
    let beside = products.appendingPathComponent("squad")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/squad")
  }()

  private final class Marker {}

  /// The environment every run starts from; the binary's folder comes first on `PATH`.
  static func environment(home: String, adding extra: [String: String] = [:]) -> [String: String] {
    let path = binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin"
    var base = ["PATH": path, "HOME": home, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    base.merge(extra) { _, new in new }
    return base
  }

  /// Runs `squad --home <home> <arguments>` to the end, feeding `stdin` (empty when nil).
  static func run(
    _ arguments: [String], home: String, stdin: Data? = nil, environment extra: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "The squad binary is missing at \(binary.path); run 'swift build' first.", sourceLocation: sourceLocation)
    return try execute(
      binary, ["--home", home] + arguments, environment: environment(home: home, adding: extra), directory: home,
      stdin: stdin)
  }

  /// Runs any program to the end with exactly this environment.
  static func execute(
    _ program: URL, _ arguments: [String], environment: [String: String], directory: String?, stdin: Data? = nil
  ) throws -> CLIResult {
    try start(program, arguments, environment: environment, directory: directory, stdin: stdin).wait()
  }

  /// Starts any program without waiting, for tests that run many at once. Its output goes to
  /// files, not pipes: nothing can fill up and stall the child while the test waits.
  static func start(
    _ program: URL, _ arguments: [String], environment: [String: String], directory: String?, stdin: Data? = nil
  ) throws -> Started {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("squad-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let started = Started(process: Process(), outputs: outputs)
    try Data().write(to: started.outURL)
    try Data().write(to: started.errURL)
    let process = started.process
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardOutput = try FileHandle(forWritingTo: started.outURL)
    process.standardError = try FileHandle(forWritingTo: started.errURL)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: stdin ?? Data())
    try input.fileHandleForWriting.close()
    return started
  }

  /// A started program and the files its output goes to.
  struct Started {
    /// The running process.
    let process: Process
    fileprivate let outputs: URL
    fileprivate var outURL: URL { outputs.appendingPathComponent("out") }
    fileprivate var errURL: URL { outputs.appendingPathComponent("err") }

    /// Waits for the program to end and collects what it printed.
    func wait() throws -> CLIResult {
      process.waitUntilExit()
      defer { try? FileManager.default.removeItem(at: outputs) }
      return CLIResult(
        status: process.terminationStatus, stdoutData: try Data(contentsOf: outURL),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
        wasSignalled: process.terminationReason == .uncaughtSignal)
    }
  }

  /// Whether a program is on the test machine's `PATH`, and where.
  static func which(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
