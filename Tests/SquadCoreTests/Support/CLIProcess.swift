import Foundation
import Testing

/// What a run of a program printed and how it ended.
struct CLIResult {
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
}

/// Runs the built `squad` binary as a user would: its own process, a temporary `--home`, a
/// clean environment (no API keys, no colour variables) plus what the test adds.
enum CLIProcess {
  /// The built binary: beside the test bundle, or in `.build/debug`.
  static let binary: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("squad")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/squad")
  }()

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
      binary, ["--home", home] + arguments, environment: environment(home: home, adding: extra), directory: home, stdin: stdin)
  }

  /// Runs any program to the end with exactly this environment.
  static func execute(
    _ program: URL, _ arguments: [String], environment: [String: String], directory: String, stdin: Data? = nil
  ) throws -> CLIResult {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("squad-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let outURL = outputs.appendingPathComponent("out")
    let errURL = outputs.appendingPathComponent("err")
    try Data().write(to: outURL)
    try Data().write(to: errURL)

    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    // Files, not pipes: nothing can fill up and stall the child while we wait.
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: stdin ?? Data())
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus, stdoutData: try Data(contentsOf: outURL),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      wasSignalled: process.terminationReason == .uncaughtSignal)
  }

  /// Whether a program is on the test machine's `PATH`, and where.
  static func which(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
