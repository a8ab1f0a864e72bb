import Foundation

/// Runs a `bash` script against the built binary (`"$SQUAD"`) in a temporary home
/// (`$SQUAD_HOME`, also the working folder), for end-to-end tests of files, pipes and devices
/// that only a shell sets up plainly: FIFOs, symbolic links, `/dev/full`, endless input.
struct ShellScript {
  /// The home and working folder; removed when the value is dropped.
  let home = TemporaryDirectory()

  /// Runs the script to the end; `timeout` guards every `squad` a test fears could hang.
  func run(_ script: String) throws -> CLIResult {
    let environment = [
      "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "SQUAD_HOME": home.path, "LANG": "C.UTF-8",
      "SQUAD": SquadProcess.binary,
    ]
    return try CLIProcess.execute(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "set -u\n" + script], environment: environment, directory: home.path)
  }

  /// Text inside single quotes for bash, zsh and fish alike.
  static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Whether this process may create device nodes (`mknod` needs root).
  static var canMakeDevices: Bool { geteuid() == 0 }
}
