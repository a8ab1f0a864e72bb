import Foundation
import Testing

@testable import SquadCore

/// squad(1): everything help lists is in it, roff's special characters cannot break it, and the
/// man page linters (mandoc, groff) find nothing to report when they are installed.
@Suite struct ManPageTests {
  let page = ManPage.render()

  /// The roff source from a heading line to the next heading of the same or a higher level.
  func part(_ heading: String) -> String {
    guard let start = page.range(of: "\n" + heading + "\n") else { return "" }
    let rest = page[start.upperBound...]
    let stop = heading.hasPrefix(".SS") ? ["\n.SS ", "\n.SH "] : ["\n.SH "]
    let end = stop.compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
    return String(rest[..<end])
  }

  /// Runs a tool on a file holding `text`, returning its exit status and everything it printed.
  func lint(_ tool: String, _ arguments: [String], _ text: String) throws -> CLIResult {
    let folder = TemporaryDirectory()
    try folder.write(text, to: "squad.1")
    return try CLIProcess.execute(
      try #require(CLIProcess.which(tool)), arguments + [folder.file("squad.1")], environment: ["LANG": "C.UTF-8"],
      directory: folder.path)
  }

  @Test func everyCommandHelpListsIsInThePageWithEveryArgumentAndOptionItAccepts() {
    let globals = part(#".SH "GLOBAL OPTIONS""#)
    for option in CommandRegistry.globalOptions { #expect(globals.contains(".TP\n\(Roff.bold(option.label))\n")) }
    let commands = ManPage.everyCommand(CommandRegistry.visibleCommands)
    #expect(
      commands.contains { $0.fullName == "catalogue import" } && commands.contains { $0.fullName == "squads create" })
    for command in commands {
      let section = part(#".SS "squad \#(command.fullName)""#)
      let filled = section.replacingOccurrences(of: "\n", with: " ")
      #expect(filled.contains(Roff.bold(HelpPrinter.usage(for: command))), "\(command.fullName)")
      for argument in command.arguments { #expect(section.contains(".TP\n\(Roff.bold("<\(argument.name)>"))\n")) }
      for option in command.documentedOptions {
        let own = command.options.contains { $0.name == option.name }
        #expect(
          (own ? section : globals).contains(".TP\n\(Roff.bold(option.label))\n"), "\(command.name) \(option.name)")
      }
    }
    #expect(!page.contains("__complete"))
  }

  @Test func thePageHasTheSectionsOfAManualAndTheVersion() {
    #expect(page.hasPrefix(#".TH SQUAD 1 \#(SquadVersion.date) "squad \#(SquadVersion.number)" "User Commands""#))
    let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      sections == [
        ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", #".SH "GLOBAL OPTIONS""#, ".SH ENVIRONMENT",
        ".SH FILES", ".SH OUTPUT", #".SH "EXIT STATUS""#, ".SH EXAMPLES", #".SH "SEE ALSO""#,
      ])
    for code in ExitCode.allCases { #expect(part(#".SH "EXIT STATUS""#).contains(".TP\n\\fB\(code.rawValue)\\fR\n")) }
    for variable in ["MARVEL_PRIVATE_KEY", "SQUAD_HOME", "NO_COLOR", "SQUAD_LIBCURL"] {
      #expect(part(".SH ENVIRONMENT").contains(".TP\n\\fB\(variable)\\fR\n"))
    }
    #expect(part(".SH FILES").contains(".TP\n\\fBsquad.json\\fR\n"))
  }

  @Test func roffSpecialCharactersAndControlCharactersCannotReachThePage() {
    let hostile = CommandSpec(
      name: "evil", abstract: ".TH pwned",
      discussion: "'so \\fB bold\u{1B}[31m red \"q\" ↑ \u{202E}flip\n.so /etc/passwd",
      options: [OptionSpec(.yes, help: "\\n[.T] -rf")], examples: [".ex", "a \\ b"])
    let text = ManPage.render(commands: [hostile], globalOptions: [])
    #expect(text.contains("\n\\&.TH pwned\n"))
    #expect(text.contains("\n\\&'so \\efB bold[31m red \\(dqq\\(dq \\[u2191] flip\n\\&.so /etc/passwd\n"))
    #expect(text.contains("\n\\en[.T] \\-rf\n"))
    #expect(text.contains(".EX\n\\&.ex\na \\e b\n.EE"))
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value > 0x7E })
  }

  @Test(.enabled(if: CLIProcess.which("mandoc") != nil, "mandoc is not installed; 'mandoc -T lint' is not run"))
  func mandocLintReportsNothing() throws {
    let result = try lint("mandoc", ["-T", "lint"], page)
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
  }

  @Test(.enabled(if: CLIProcess.which("groff") != nil, "groff is not installed; 'groff -man -ww -z' is not run"))
  func groffWarnsAboutNothing() throws {
    let result = try lint("groff", ["-man", "-ww", "-z"], page)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
  }

  /// As `man -l` shows it: every command help lists, and every option it accepts by name.
  @Test(.enabled(if: CLIProcess.which("mandoc") != nil, "mandoc is not installed; the rendered page is not read"))
  func theRenderedPageNamesEveryCommandAndOption() throws {
    let rendered = try lint("mandoc", ["-T", "ascii", "-O", "width=200"], page).stdout
      .replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
    for command in ManPage.everyCommand(CommandRegistry.visibleCommands) {
      #expect(rendered.contains("\n   squad \(command.fullName)\n"), "\(command.fullName)")
      for option in command.documentedOptions {
        let label = "\n       " + option.label.filter { $0 != "<" && $0 != ">" }
        #expect(rendered.contains(label + "\n") || rendered.contains(label + " "), "\(option.name)")
      }
    }
  }

  @Test @MainActor func helpDashDashManPrintsThePageAndTakesNoTopic() async throws {
    let squad = try InProcessCLI()
    let man = await squad.run(["help", "--man"])
    #expect(man.code == 0 && man.out == page && man.err.isEmpty)
    let withTopic = await squad.run(["help", "--man", "heroes"])
    #expect(withTopic.code == 64)
    #expect(withTopic.err.hasPrefix("Error: '--man' prints the whole manual; leave out '<topic>'.\n"))
  }
}
