import Testing

@testable import SquadCore

/// What `squad __complete` decides, in process: every answer comes from the registry, so a
/// sub-command offers its own options and nothing of its siblings'.
@Suite struct CompletionEngineTests {
  /// The reply for a line typed as words, the last being completed; heroes and squads are
  /// stood in for by the kind asked and the prefix.
  func reply(_ line: String) -> CompletionEngine.Reply {
    var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let current = words.removeLast()
    return CompletionEngine.reply(words, current: current) { completion, prefix in ["\(completion):\(prefix)"] }
  }

  func words(_ line: String) -> [String] { reply(line).candidates.map { String($0.split(separator: "\t")[0]) } }

  @Test func commandsThenSubcommandsWithTheirSummaries() {
    #expect(reply("rec").candidates == ["recruit\tAdd heroes to the squad."])
    #expect(words("") == CommandRegistry.visibleCommands.map(\.name))
    #expect(words("catalogue ") == ["import", "check", "reset"])
    #expect(words("--home /h squads ") == ["create", "edit", "rename", "delete", "restore", "compare"])
    #expect(words("squads create ").isEmpty)
    #expect(words("catalogue reset ").isEmpty)
    #expect(words("nosuch ").isEmpty)
  }

  @Test func eachCommandOffersItsOwnOptionsOnly() {
    #expect(words("catalogue import --").starts(with: ["--skip-invalid", "--json", "--squad"]))
    #expect(!words("catalogue import --").contains("--yes"))
    #expect(words("catalogue reset --").first == "--yes")
    #expect(!words("catalogue reset --").contains("--skip-invalid"))
    #expect(words("squads create --").first == "--max")
    #expect(words("squads delete --y") == ["--yes"])
    #expect(!words("squads --").contains("--max"))
    #expect(words("recruit --f").isEmpty, "recruit prints no listing")
    #expect(words("--") == CommandRegistry.globalOptions.map(\.name))
  }

  @Test func optionValuesComeFromTheOption() {
    #expect(words("export --format ") == ExportFormat.allCases.map(\.rawValue))
    #expect(words("list --format j") == ["json", "jsonl"])
    #expect(
      reply("export --format=m").candidates == [
        "--format=markdown\tjson, jsonl, csv, tsv or markdown. (default: json, or --output's extension)"
      ]
    )
    #expect(words("export --format =") == ExportFormat.allCases.map(\.rawValue), "bash splits at '='")
    #expect(words("export --format = m") == ["markdown"])
    #expect(reply("export --fields id,re") == .init(kind: .list, candidates: ["id,recruitedAt"]))
    #expect(reply("export --output ").kind == .files)
    #expect(reply("--home ").kind == .directories)
    #expect(reply("--squad av") == .init(kind: .names, candidates: ["squads:av"]))
    #expect(words("squads create --max ").isEmpty)
  }

  @Test func argumentsCompleteByPosition() {
    #expect(reply("recruit hulk spi") == .init(kind: .names, candidates: ["heroes:spi"]))
    #expect(reply("fire ") == .init(kind: .names, candidates: ["members:"]))
    #expect(reply("show hulk ").candidates.isEmpty, "show takes one hero")
    #expect(reply("squads rename av") == .init(kind: .names, candidates: ["namedSquads:av"]))
    #expect(reply("squads rename avengers ").candidates.isEmpty, "a new name is free text")
    #expect(reply("--squad = team fire ") == .init(kind: .names, candidates: ["members:"]))
    #expect(reply("catalogue import a.json ").kind == .files)
    #expect(reply("recruit -- -odd ") == .init(kind: .names, candidates: ["heroes:"]))
    #expect(words("completion ") == ["bash", "zsh", "fish"])
  }

  @Test func helpCompletesCommandsAndTopicsThenSubcommands() {
    #expect(words("help ex") == ["export", "exit-codes"])
    #expect(words("help squads ") == ["create", "edit", "rename", "delete", "restore", "compare"])
    #expect(words("help catalogue re") == ["reset"])
    #expect(words("help heroes ").isEmpty)
  }
}
