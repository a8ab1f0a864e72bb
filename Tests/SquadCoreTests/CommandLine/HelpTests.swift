import Foundation
import Testing

@testable import SquadCore

/// Help is complete (every command, every section, every variable the code reads) and the same
/// whichever way it is asked for.
@Suite struct HelpTests {
  /// Runs squad in process, capturing stdout and stderr.
  @MainActor
  func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
    guard let squad = try? InProcessCLI() else { return (-1, "", "could not make a temporary home") }
    return await squad.run(arguments)
  }

  @Test(arguments: ["export", "import", "completion"])
  func newCommandsHaveFullHelp(command: String) async {
    let help = await run(["help", command])
    #expect(help.code == 0)
    for section in ["OVERVIEW: ", "USAGE: squad \(command)", "OPTIONS:", "EXAMPLES:"] {
      #expect(help.out.contains(section), "\(command) lacks \(section)")
    }
    if command != "export" { #expect(help.out.contains("ARGUMENTS:")) }
    #expect(await run([command, "--help"]).out == help.out)
    #expect(await run(["-h", command]).out == help.out)
  }

  /// The overview's prose is wrapped to the width asked for, whatever its line breaks in the source.
  @Test(arguments: [40, 80, 132])
  func everyOverviewFitsTheWidth(width: Int) {
    for command in [nil] + CommandRegistry.allCommands {
      let help = HelpPrinter.help(for: command, width: width)
      let overview = help.components(separatedBy: "\n\nUSAGE: ")[0]
      for line in overview.split(separator: "\n") where line.contains(" ") {
        #expect(DisplayWidth.of(String(line)) <= width, "\(command?.fullName ?? "squad") at \(width): \(line)")
      }
    }
    let wide = HelpPrinter.help(for: CommandRegistry.command(named: "squads"), width: 132)
    #expect(wide.contains("total comics (the catalogue's counts"), "one paragraph, not the source's lines")
  }

  @Test func exportHelpListsItsOwnFormatsOnce() async {
    let help = await run(["export", "--help"]).out
    #expect(help.components(separatedBy: "--format <format>").count == 3)  // usage line and one option row
    let unwrapped = help.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
    #expect(unwrapped.contains("json, jsonl, csv, tsv or markdown. (default: json, or --output's extension)"))
  }

  @Test func theHiddenCompleteCommandIsNotListed() async {
    let root = await run(["--help"]).out
    #expect(root.contains("  export "))
    #expect(root.contains("  completion "))
    #expect(!root.contains("__complete"))
  }

  @Test func completionRefusesAnUnknownShellWithExit64() async {
    let result = await run(["completion", "tcsh"])
    #expect(result.code == 64)
    #expect(
      result.err.hasPrefix(
        "Error: The value 'tcsh' is invalid for '<shell>'. Expected one of: 'bash', 'zsh', 'fish'.\n"))
  }

  @Test func exitCodesListsEveryCode() async {
    let page = await run(["help", "exit-codes"]).out
    for code in ExitCode.allCases {
      #expect(page.contains("  \(code.rawValue) ") && page.contains(code.meaning), "\(code)")
    }
  }

  @Test func formattingCoversEveryFormatAndTheColourRules() async {
    let page = await run(["help", "formatting"]).out
    for format in Set(OutputFormat.allCases.map(\.rawValue) + ExportFormat.allCases.map(\.rawValue)) {
      #expect(page.contains("\n  \(format) "), "\(format)")
    }
    for word in [
      "NO_COLOR", "CLICOLOR_FORCE", "'dumb'", "--no-headers", "--fields", "never coloured", "control characters",
    ] {
      #expect(page.contains(word), "\(word)")
    }
  }

  @Test func environmentNamesEveryVariableTheCodeReads() async throws {
    let page = await run(["help", "environment"]).out
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
    let pattern = try Regex(#"(?:environment|variables)\["([A-Z_]+)"\]"#)
    var read = Set<String>()
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: pattern) {
        if let name = match.output[1].substring { read.insert(String(name)) }
      }
    }
    #expect(read.isSuperset(of: ["SQUAD_HOME", "NO_COLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS"]))
    for variable in read { #expect(page.contains("\n  \(variable) "), "\(variable) is read but not documented") }
  }
}
