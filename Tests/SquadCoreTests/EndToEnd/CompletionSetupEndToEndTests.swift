import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 8: every way docs/EXPORT.md and `squad completion --help` give to load
/// completion works in the real shell it names: run as a fresh shell would (no start-up files,
/// an empty home), `squad` then completes.
@Suite struct CompletionSetupEndToEndTests {
  /// The shell code blocks of docs/EXPORT.md's "Completion" section, with their language.
  static let documented: [(shell: String, code: String)] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = (try? String(contentsOf: root.appendingPathComponent("docs/EXPORT.md"), encoding: .utf8)) ?? ""
    let section =
      text.components(separatedBy: "\n## Completion\n").dropFirst().first?
      .components(separatedBy: "\n## ").first ?? ""
    return section.components(separatedBy: "```").enumerated().compactMap { index, part in
      guard index % 2 == 1, let newline = part.firstIndex(of: "\n") else { return nil }
      return (String(part[..<newline]), String(part[part.index(after: newline)...]))
    }
  }()

  /// The lines of `squad completion --help`'s examples: `command   # shell: where`.
  static func helpExamples() throws -> [(shell: String, code: String)] {
    let home = TemporaryDirectory()
    let help = try CLIProcess.run(["completion", "--help"], home: home.path).stdout
    let examples = help.components(separatedBy: "EXAMPLES:").last ?? ""
    return examples.split(separator: "\n").compactMap { line in
      let parts = line.components(separatedBy: "#")
      guard parts.count == 2, let shell = parts[1].split(separator: ":").first else { return nil }
      return (shell.trimmingCharacters(in: .whitespaces), parts[0].trimmingCharacters(in: .whitespaces))
    }
  }

  /// Runs `code` in a fresh `shell`, then asks it what `squad` completes to; fails when nothing.
  func expectCompletion(_ shell: String, _ code: String) throws {
    let home = TemporaryDirectory()
    let script: String
    let arguments: [String]
    switch shell {
    case "bash":
      arguments = ["--norc", "--noprofile", "-c"]
      script = code + "\ncomplete -p squad"
    case "zsh":
      // compinit comes after code that puts a folder on fpath, before code that calls compdef.
      let compinit = "autoload -U compinit && compinit -u"
      arguments = ["-f", "-c"]
      script =
        (code.contains("fpath=") ? code + "\n" + compinit : compinit + "\n" + code) + "\nprint -r -- $_comps[squad]"
    default:
      arguments = ["-c"]
      script = code + "\ncomplete -C'squad rec'"
    }
    let program = try #require(CLIProcess.which(shell), "\(shell) is not installed")
    let result = try CLIProcess.execute(
      program, arguments + [script], environment: CLIProcess.environment(home: home.path), directory: home.path)
    #expect(result.status == 0, "\(shell): \(code)\n\(result.stderr)")
    let expected = ["bash": "complete -F _squad", "zsh": "_squad", "fish": "recruit\t"][shell] ?? "?"
    #expect(result.stdout.contains(expected), "\(shell) did not complete squad after: \(code)\n\(result.stdout)")
  }

  static let shellsThere =
    CLIProcess.which("bash") != nil && CLIProcess.which("zsh") != nil && CLIProcess.which("fish") != nil

  @Test(.enabled(if: shellsThere, "bash, zsh and fish are needed (.ci/run installs zsh and fish)"))
  func everyWayTheDocsGiveLoadsCompletionInItsShell() throws {
    let shells = Self.documented.map(\.shell)
    #expect(Set(shells) == ["bash", "zsh", "fish"], "each shell has its instructions: \(shells)")
    for (shell, code) in Self.documented { try expectCompletion(shell, code) }
  }

  @Test(.enabled(if: shellsThere, "bash, zsh and fish are needed (.ci/run installs zsh and fish)"))
  func everyWayTheHelpGivesLoadsCompletionInItsShell() throws {
    let examples = try Self.helpExamples()
    #expect(examples.map(\.shell) == ["bash", "zsh", "fish"], "\(examples)")
    for (shell, code) in examples { try expectCompletion(shell, code) }
  }

  /// Issue 28: bash 3.2 (macOS's) reads nothing from `source <(…)`, so every bash line squad
  /// gives — help, man page, README and docs — is the `eval` form, which every bash runs.
  @Test func everyBashLineGivenWorksInBash32() throws {
    let eval = #"eval "$(squad completion bash)""#
    let bashLines =
      try Self.helpExamples().filter { $0.shell == "bash" } + Self.documented.filter { $0.shell == "bash" }
    #expect(bashLines.map { $0.code.trimmingCharacters(in: .whitespacesAndNewlines) } == [eval, eval], "\(bashLines)")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let home = TemporaryDirectory()
    let manual = try CLIProcess.run(["help", "--man"], home: home.path).stdout
    #expect(manual.contains(#"eval \(dq$(squad completion bash)\(dq"#), "the man page gives the eval line")
    for (name, text) in try ["README.md", "docs/INSTALL.md", "docs/EXPORT.md"].map({
      ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
    }) + [("squad help --man", manual)] {
      #expect(!text.contains("source <(squad completion bash)"), "\(name) gives a line bash 3.2 ignores")
    }
  }
}
