import Foundation

/// The fuzzer's command line: `squad-fuzz MODE --seed S [--start I] [--count N] [--sandbox DIR] [--corpus DIR]`.
struct FuzzOptions {
  /// What to fuzz.
  enum Mode: String {
    /// Mutated argument vectors through `SquadCLI.run`, with no network.
    case argv
    /// Mutated API answers through the live client, behind `SquadCLI.run`.
    case bodies
    /// Print the argument vectors `argv` would run, one JSON array per line (for the process sample).
    case printArgv = "print-argv"
    /// Set up `--sandbox` in starting state `--start` (for runs of the real binary) and stop.
    case prepareSandbox = "prepare-sandbox"
    /// Write the first API body iteration `--start` answers with, raw, to stdout (to inspect a finding).
    case printBody = "print-body"
    /// Damaged copies of a catalogue file through every read path and a write (issue 29), in
    /// `--sandbox`; prints the figures.
    case catalogue
  }

  var mode: Mode
  var seed: UInt64 = 1
  var start = 0
  var count = 1000
  var sandbox: String?
  var corpus: String?
  /// Seconds one iteration may take before it counts as a hang.
  var hangSeconds = 20.0
  /// Whether every iteration is reported (`ran {...}`) with its time, not only anomalies.
  var verbose = false

  static let usage = """
    usage: squad-fuzz argv|bodies|catalogue|print-argv|print-body|prepare-sandbox --seed S [--start I] [--count N] [--sandbox DIR] [--corpus DIR] [--hang-seconds T] [--verbose]
    """

  /// Parses the arguments; nil when they make no sense (the caller prints the usage).
  static func parse(_ arguments: [String]) -> FuzzOptions? {
    guard let first = arguments.first, let mode = Mode(rawValue: first) else { return nil }
    var options = FuzzOptions(mode: mode)
    var rest = arguments.dropFirst()
    while let name = rest.popFirst() {
      if name == "--verbose" {
        options.verbose = true
        continue
      }
      guard let value = rest.popFirst() else { return nil }
      switch name {
      case "--seed":
        guard let seed = UInt64(value) else { return nil }
        options.seed = seed
      case "--start":
        guard let start = Int(value), start >= 0 else { return nil }
        options.start = start
      case "--count":
        guard let count = Int(value), count >= 0 else { return nil }
        options.count = count
      case "--sandbox": options.sandbox = value
      case "--corpus": options.corpus = value
      case "--hang-seconds":
        guard let seconds = Double(value), seconds > 0 else { return nil }
        options.hangSeconds = seconds
      default: return nil
      }
    }
    return options
  }
}
