import Testing

@testable import SquadCore

/// One list of commands feeds parsing, dispatch, help and completion.
@Suite struct CommandRegistryTests {
  @Test func everyCommandIsListedOnceAndFoundByItsName() {
    let names = CommandRegistry.byName.map(\.command).map { $0.spec.name }
    #expect(Set(names).count == names.count)
    // The registry finds a command by the word beside it, so that word must be its spec's name.
    #expect(CommandRegistry.byName.map(\.name) == names)
    #expect(CommandRegistry.commands.map(\.name) == names)
    for name in names {
      #expect(CommandRegistry.located(name)?.command.spec.name == name)
      #expect(CommandRegistry.command(named: name)?.name == name)
    }
    #expect(CommandRegistry.located("nope") == nil)
  }

  @Test func helpAndCompletionOfferEveryVisibleCommandAndSubcommand() {
    let root = HelpPrinter.help(for: nil)
    let offered = CompletionEngine.reply([], current: "") { _, _ in [] }.candidates
    for command in CommandRegistry.visibleCommands {
      #expect(root.contains("\n  \(command.name) "), "\(command.name)")
      #expect(offered.contains("\(command.name)\t\(command.abstract)"), "\(command.name)")
      let help = HelpPrinter.help(for: command)
      let subs = CompletionEngine.reply([command.name], current: "") { _, _ in [] }.candidates
      for sub in command.subcommands {
        #expect(help.contains("\n  \(sub.name) "), "\(sub.fullName)")
        #expect(subs.contains("\(sub.name)\t\(sub.abstract)"), "\(sub.fullName)")
      }
    }
    // The hidden plumbing is not offered to people (the scripts call it themselves).
    #expect(!root.contains(CompleteCommand.spec.name))
    #expect(!offered.contains { $0.hasPrefix(CompleteCommand.spec.name) })
  }

  @Test func subcommandsAreSpecsOfTheirOwnReachedFromTheirParent() throws {
    for parent in CommandRegistry.commands where !parent.subcommands.isEmpty {
      for sub in parent.subcommands {
        #expect(sub.parents == [parent.name])
        #expect(CommandRegistry.command(named: sub.fullName)?.name == sub.name)
        #expect(CommandRegistry.located(sub.fullName)?.command.spec.name == sub.name)
        #expect(CommandRegistry.allCommands.contains { $0.fullName == sub.fullName })
        #expect(HelpPrinter.usage(for: sub).hasPrefix("squad \(parent.name) \(sub.name) "))
      }
    }
    let catalogue = try #require(CommandRegistry.command(named: "catalogue"))
    #expect(catalogue.subcommands.map(\.name) == ["import", "check", "reset"])
    #expect(
      try #require(CommandRegistry.command(named: "squads")).subcommands.map(\.name) == [
        "create", "edit", "rename", "delete", "restore", "compare",
      ])
    #expect(CommandRegistry.command(named: "import")?.parents == [], "the top-level import, not catalogue's")
  }

  @Test func everyCommandParsesItsOwnHelpFlag() {
    for command in CommandRegistry.commands {
      let parsed = CommandLineParser.result([command.name, "--help"])
      #expect((try? parsed.get())?.command == command.name)
    }
  }
}
