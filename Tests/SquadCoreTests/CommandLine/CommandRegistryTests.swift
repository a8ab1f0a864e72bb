import Testing

@testable import SquadCore

/// One list of commands feeds parsing, dispatch, help and completion.
@Suite struct CommandRegistryTests {
  @Test func everyCommandIsListedOnceAndFoundByItsName() {
    let names = CommandRegistry.all.map { $0.spec.name }
    #expect(Set(names).count == names.count)
    #expect(CommandRegistry.commands.map(\.name) == names)
    for name in names {
      #expect(CommandRegistry.runnable(named: name)?.spec.name == name)
      #expect(CommandRegistry.command(named: name)?.name == name)
    }
    #expect(CommandRegistry.runnable(named: "nope") == nil)
  }

  @Test func helpAndEveryCompletionScriptOfferEveryVisibleCommand() {
    let scripts = [
      HelpPrinter.help(for: nil), BashCompletion.script(), ZshCompletion.script(), FishCompletion.script(),
    ]
    for command in CommandRegistry.visibleCommands {
      for script in scripts { #expect(script.contains(command.name), "\(command.name)") }
    }
    // The hidden plumbing is not offered to people (the scripts call it themselves).
    #expect(!HelpPrinter.help(for: nil).contains(CompleteCommand.spec.name))
  }

  @Test func everyCommandParsesItsOwnHelpFlag() {
    for command in CommandRegistry.commands {
      let parsed = CommandLineParser.parse([command.name, "--help"])
      #expect((try? parsed.get())?.command == command.name)
    }
  }
}
