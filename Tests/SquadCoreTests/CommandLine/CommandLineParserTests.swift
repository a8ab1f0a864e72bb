import Testing

@testable import SquadCore

@Suite struct CommandLineParserTests {
  func parse(_ line: String) -> Result<ParsedArguments, UsageError> {
    CommandLineParser.result(line.split(separator: " ").map(String.init))
  }

  @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
    let before = try parse("--home /tmp/h --json heroes spi --limit=5").get()
    let after = try parse("heroes spi --limit 5 --home /tmp/h --json").get()
    #expect(before == after)
    #expect(before.command == "heroes")
    #expect(before.positionals == ["spi"])
    #expect(before.values == ["--home": "/tmp/h", "--limit": "5"])
    #expect(before.flags == ["--json"])
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parse("recruit -- --weird-name -5").get()
    #expect(parsed.positionals == ["--weird-name", "-5"])
  }

  @Test func unknownOptionsSuggestTheNearestOne() {
    #expect(
      parse("heroes --limt 3").failureValue
        == UsageError("Unknown option '--limt'. Did you mean '--limit'?", command: "heroes"))
  }

  @Test func aCommandIsOneWordOfItsOwn() throws {
    // Found by name alone: a sub-command's full name in one argument, or a word with a space
    // before it, is no command.
    for word in ["catalogue import", " heroes", "heroes "] {
      #expect(
        CommandLineParser.result([word, "x"]).failureValue?.message.hasPrefix("Unknown command") == true, "\(word)")
    }
    #expect(try CommandLineParser.result(["catalogue", "import", "x"]).get().command == "catalogue import")
    #expect(try CommandLineParser.result(["import", "x"]).get().command == "import")
  }

  @Test func unknownCommandsSuggestTheNearestOne() {
    #expect(parse("heros").failureValue == UsageError("Unknown command 'heros'. Did you mean 'heroes'?", command: nil))
    #expect(parse("version").failureValue?.message == "Unknown command 'version'. Did you mean '--version'?")
    #expect(parse("Versoin").failureValue?.message == "Unknown command 'Versoin'. Did you mean '--version'?")
    #expect(CommandLineParser.commandMeant(by: "info") == "show", "never 'undo', which changes the squad")
    #expect(CommandLineParser.commandMeant(by: "recuit") == "recruit", "a write one slip away")
    #expect(CommandLineParser.commandMeant(by: "redooo") == nil, "a write further away is never offered")
    #expect(CommandLineParser.commandMeant(by: "Search") == "heroes --search")
  }

  @Test func aMistypedChoiceSuggestsTheNearestOne() {
    #expect(parse("heroes --order comic").failureValue?.message.hasSuffix(" Did you mean 'comics'?") == true)
    #expect(parse("list --format jsn").failureValue?.message.hasSuffix(" Did you mean 'json'?") == true)
    #expect(parse("heroes --order goofiness").failureValue?.message.contains("Did you mean") == false)
    let orders = HeroOrder.allCases.map(\.rawValue)
    #expect(CommandLineParser.nearestChoice(to: "-omics", in: orders) == "-comics", "keeps the direction typed")
    #expect(CommandLineParser.nearestChoice(to: "NAME", in: orders) == "name")
    #expect(CommandLineParser.nearestChoice(to: "js", in: OutputFormat.allCases.map(\.rawValue)) == "json")
    #expect(CommandLineParser.nearestChoice(to: "json\u{7F}", in: ["json"]) == nil, "would repeat the value shown")
    #expect(
      CommandLineParser.nearestChoice(to: "json\u{200B}", in: ["json"]) == nil, "a zero-width space shows nothing")
    #expect(CommandLineParser.nearestChoice(to: "\u{200B}", in: ["json"]) == nil, "nothing visible, nothing to match")
    #expect(CommandLineParser.nearestChoice(to: "\u{2212}name", in: orders) == "-name", "a minus sign is a dash")
    #expect(CommandLineParser.nearestChoice(to: "\u{2013}comics", in: orders) == "-comics", "so is an en dash")
  }

  @Test func commandOptionsAreNotAcceptedByOtherCommands() {
    #expect(parse("list --limit 3").failureValue?.message.hasPrefix("Unknown option '--limit'") == true)
  }

  @Test func badValuesAreUsageErrors() {
    #expect(
      parse("heroes --order goofiness").failureValue?.message
        == "The value 'goofiness' is invalid for '--order'. Expected one of: 'name', '-name', 'modified', '-modified',"
        + " 'comics', '-comics', 'series', '-series', 'stories', '-stories', 'events', '-events'.")
    #expect(parse("heroes --limit").failureValue?.message == "Missing value for '--limit <n>'.")
    #expect(parse("list --json=yes").failureValue?.message == "Option '--json' does not take a value.")
    #expect(
      CommandLineParser.result(["list", "--home", ""]).failureValue?.message
        == "Option '--home' needs a value, not an empty string.")
    #expect(parse("export --output=").failureValue?.message == "Option '--output' needs a value, not an empty string.")
  }

  @Test(arguments: [
    ("list --format bogus --format csv", "csv", false), ("list --format markdown --json", nil, true),
    ("list --json --format csv", "csv", false), ("export --format markdown --format jsonl", "jsonl", false),
  ])
  func theLastValueGivenWinsAndOnlyItIsChecked(line: String, format: String?, json: Bool) throws {
    let parsed = try parse(line).get()
    #expect(parsed.value(.format) == format)
    #expect(parsed.has(.json) == json)
  }

  @Test func aLastValueThatIsInvalidIsRefused() {
    #expect(
      parse("list --format csv --format bogus").failureValue?.message.hasPrefix("The value 'bogus' is invalid") == true)
  }

  @Test func positionalCountsAreChecked() {
    #expect(parse("recruit").failureValue?.message == "Missing expected argument '<hero> ...'.")
    #expect(
      parse("show a b").failureValue?.message
        == "Unexpected argument 'b'. A name with spaces is quoted: squad show 'a b'.")
    #expect((try? parse("recruit a b c").get())?.positionals == ["a", "b", "c"])
  }

  @Test func limitsAreValidatedByTheCommand() {
    let parsed = (try? parse("heroes --limit 0").get()) ?? ParsedArguments()
    #expect(
      Result { () throws(UsageError) in try HeroesCommand.request(from: parsed) }.failureValue?.message
        == "The value '0' is invalid for '--limit': expected a whole number from 1 to 2147483647.")
    // 100 is the API's page, not the command's limit (issue 31): the local catalogue gives more.
    let many = (try? parse("heroes --limit 101").get()) ?? ParsedArguments()
    #expect((try? HeroesCommand.request(from: many))?.query.limit == 101)
    let offset = (try? parse("heroes --offset -1").get()) ?? ParsedArguments()
    #expect(
      Result { () throws(UsageError) in try HeroesCommand.request(from: offset) }.failureValue?.message
        == "The value '-1' is invalid for '--offset': expected a whole number from 0 to 2147483647.")
  }
}

@Suite struct HelpLayoutTests {
  @Test func commandHelpHasEverySection() {
    let help = HelpPrinter.help(for: HeroesCommand.spec)
    for section in ["OVERVIEW:", "USAGE: squad heroes [<prefix>]", "ARGUMENTS:", "OPTIONS:", "EXAMPLES:"] {
      #expect(help.contains(section), "\(section)")
    }
    #expect(help.contains("--limit <n>"))
  }

  @Test func rootHelpListsEveryCommandAndTopic() {
    let help = HelpPrinter.help(for: nil)
    for command in CommandRegistry.visibleCommands { #expect(help.contains("  \(command.name) ")) }
    #expect(!help.contains("__complete"))
    for topic in HelpTopic.allCases { #expect(help.contains(topic.rawValue)) }
  }

  @Test func exitCodesAreAllDocumented() {
    let text = HelpTopic.exitCodes.text
    for code in ExitCode.allCases { #expect(text.contains("  \(code.rawValue) ")) }
  }
}

extension CommandLineParser {
  /// The parse as a Result, for tests that look at its failure.
  static func result(_ arguments: [String]) -> Result<ParsedArguments, UsageError> {
    Result { () throws(UsageError) in try parse(arguments) }
  }
}
