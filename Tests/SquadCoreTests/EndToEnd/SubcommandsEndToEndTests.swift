import Foundation
import Testing

@testable import SquadCore

/// Issue 20's typed sub-commands, with the real binary: `catalogue import|reset` and
/// `squads create|rename|delete` take their own options only (anything else is exit 64 naming
/// it, and changes nothing), have help of their own, and their parents keep their own behaviour.
@Suite struct SubcommandsEndToEndTests {
  let squad = SquadProcess()

  init() throws {
    try squad.home.write(#"[{"id":5100001,"name":"Imported One"}]"#, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    #expect(try squad.run("squads", "create", "team").status == 0)
  }

  @Test(arguments: [
    (["catalogue", "reset", "--skip-invalid", "--yes"], "--skip-invalid", "'catalogue import'"),
    (["squads", "create", "x", "--yes"], "--yes", "'squads delete'"),
    (["squads", "delete", "team", "--max", "3", "--yes"], "--max", "'squads create'"),
    (["catalogue", "import", "/nonexistent/data.json", "--yes"], "--yes", "'catalogue reset'"),
    (["squads", "--max", "3"], "--max", "'squads create'"),
    (["catalogue", "--skip-invalid"], "--skip-invalid", "'catalogue import'"),
  ])
  func anOptionOfAnotherCommandIsExit64NamingItAndChangesNothing(line: [String], option: String, owner: String)
    throws
  {
    let before = try squad.home.snapshot()
    let result = try squad.run(arguments: line)
    #expect(result.status == 64)
    #expect(result.stderrLines.first?.hasPrefix("Error: Unknown option '\(option)'") == true, "\(result.stderr)")
    #expect(result.stderrLines.first?.contains(owner) == true, "\(result.stderr)")
    #expect(result.stderrLines.dropFirst().first?.hasPrefix("Usage: squad \(line[0])") == true)
    #expect(result.stdout.isEmpty)
    #expect(try squad.home.snapshot() == before)
  }

  @Test(arguments: [
    ["catalogue", "import"], ["catalogue", "reset"], ["squads", "create"], ["squads", "edit"], ["squads", "rename"],
    ["squads", "delete"],
  ])
  func eachSubcommandHasHelpOfItsOwn(path: [String]) throws {
    let help = try squad.run(arguments: path + ["--help"])
    #expect(help.status == 0)
    let spec = try #require(CommandRegistry.command(named: path.joined(separator: " ")))
    // The overview is wrapped to the width: compare its words.
    #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").hasPrefix("OVERVIEW: \(spec.abstract)"))
    #expect(help.stdout.contains("\nUSAGE: squad \(path.joined(separator: " ")) "))
    for option in spec.options { #expect(help.stdout.contains("\n  \(option.label)"), "\(option.name)") }
    let siblings = CommandRegistry.command(named: path[0])?.subcommands.filter { $0.name != path[1] } ?? []
    for option in siblings.flatMap(\.options) where !spec.options.contains(where: { $0.name == option.name }) {
      #expect(!help.stdout.contains(option.name), "\(option.name) belongs to a sibling")
    }
    #expect(try squad.run(arguments: ["help"] + path).stdout == help.stdout)
    #expect(try squad.run(arguments: ["-h"] + path).stdout == help.stdout)
  }

  @Test func theParentsHelpListsItsSubcommands() throws {
    let catalogue = try squad.run("catalogue", "--help").stdout
    #expect(catalogue.contains("USAGE: squad catalogue [<subcommand>] [--json]"))
    #expect(catalogue.contains("SUBCOMMANDS:\n  import "))
    #expect(catalogue.contains("\n  reset "))
    #expect(catalogue.contains("See 'squad help catalogue <subcommand>' for detailed help."))
    #expect(!catalogue.contains("--skip-invalid"), "import's own option")
    let squads = try squad.run("help", "squads").stdout
    for name in ["create", "edit", "rename", "delete"] { #expect(squads.contains("\n  \(name) "), "\(name)") }
    #expect(!squads.contains("--max <n>"), "create's own option")
  }

  @Test func theParentsKeepTheirOwnBehaviour() throws {
    let summary = try squad.run("catalogue", "--json")
    #expect(summary.status == 0)
    #expect(summary.stdout.contains(#""import":1"#), "\(summary.stdout)")
    #expect(try squad.run("squads").lines.map { $0.split(separator: "\t")[0] } == ["default", "team"])
  }

  @Test func missingArgumentsNameTheUsagePlaceholders() throws {
    let create = try squad.run("squads", "create")
    #expect(create.status == 64)
    #expect(create.stderrLines.first == "Error: Missing expected argument '<name>'.")
    #expect(create.stderrLines.dropFirst().first?.contains("squad squads create <name>") == true)
    let rename = try squad.run("squads", "rename", "team")
    #expect(rename.stderrLines.first == "Error: Missing expected argument '<new-name>'.")
    let delete = try squad.run("squads", "delete")
    #expect(delete.stderrLines.first == "Error: Missing expected argument '<name>'.", "the name before --yes")
    let imports = try squad.run("catalogue", "import")
    #expect(imports.stderrLines.first == "Error: Missing expected argument '<path> ...'.")
  }

  @Test func anUnknownSubcommandSuggestsTheNearest() throws {
    let before = try squad.home.snapshot()
    let typo = try squad.run("squads", "crate", "x")
    #expect(typo.status == 64)
    #expect(
      typo.stderrLines.first
        == "Error: Unknown sub-command 'crate' of 'squads'. Expected one of: 'create', 'edit', 'rename', 'delete', 'restore', 'compare'. Did you mean 'create'?"
    )
    #expect(try squad.run("catalogue", "rest", "--yes").status == 64)
    #expect(try squad.home.snapshot() == before)
    let help = try squad.run("help", "catalogue", "imprt")
    #expect(help.status == 64)
    #expect(
      help.stderrLines.first?.hasPrefix("Error: No help for 'catalogue imprt'. Did you mean 'catalogue import'? ")
        == true)
  }

  @Test func subcommandsStillWorkWithGlobalOptionsAnywhere() throws {
    let created = try squad.run("--quiet", "squads", "--home", squad.home.path, "create", "--max", "2", "duo")
    #expect(created.status == 0, "\(created.stderr)")
    #expect(try squad.run("squads").stdout.contains("duo\t0\t2\t"))
    #expect(try squad.run("squads", "rename", "duo", "pair", "-q").status == 0)
    #expect(try squad.run("squads", "delete", "-y", "pair").status == 0)
  }
}
