import Foundation
import Testing

@testable import SquadCore

/// The bash script, sourced into a real bash and driven the way bash drives it: `COMP_WORDS`
/// and `COMP_CWORD` set, `_squad` called, `COMPREPLY` read back.
@Suite(.enabled(if: CLIProcess.which("bash") != nil, "bash is not installed"))
struct BashCompletionTests {
  let home: TemporaryDirectory

  init() throws {
    home = TemporaryDirectory()
    try home.save(Squad(members: [SampleSquad.squad.members[2]]))
  }

  /// The candidates bash would offer for the words, the last being the one completed.
  func complete(_ words: [String], home other: String? = nil, before: String = "") throws -> [String] {
    let script = """
      \(before)
      eval "$(squad completion bash)" || exit 3
      COMP_WORDS=(\(words.map(ShellScript.quoted).joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _squad
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("bash")), ["--norc", "--noprofile", "-c", script],
      environment: CLIProcess.environment(home: home.path, adding: ["SQUAD_HOME": other ?? home.path]),
      directory: home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    return result.lines
  }

  @Test func theScriptIsValidBashAndRegistersTheFunction() throws {
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("bash")),
      ["--norc", "-c", #"eval "$(squad completion bash)" && complete -p squad"#],
      environment: CLIProcess.environment(home: home.path), directory: home.path)
    #expect(result.stdout == "complete -F _squad squad\n")
  }

  @Test func aCommandPrefixCompletesToTheCommand() throws {
    #expect(try complete(["squad", "rec"]) == ["recruit"])
    #expect(try complete(["squad", "--home", home.path, "ex"]) == ["export"])
  }

  @Test func theHiddenCompleteCommandIsNeverOffered() throws {
    #expect(
      try complete(["squad", ""]) == [
        "heroes", "show", "recruit", "fire", "pick", "list", "export", "import", "squads", "history", "undo", "redo",
        "sync", "catalogue", "completion", "help",
      ])
    #expect(try complete(["squad", "__"]) == [])
  }

  @Test func squadNamesCompleteAfterSquadAndForRenameOrDelete() throws {
    let paths = SquadPaths(home: home.path)
    _ = try SquadSet(paths: paths).create(try SquadName.parse("avengers").get(), maxMembers: nil, at: Date())
    _ = try SquadSet(paths: paths).create(try SquadName.parse("xmen").get(), maxMembers: nil, at: Date())
    #expect(try complete(["squad", "--squad", ""]) == ["default", "avengers", "xmen"])
    #expect(try complete(["squad", "squads", ""]) == ["create", "edit", "rename", "delete", "restore", "compare"])
    #expect(try complete(["squad", "squads", "delete", "x"]) == ["xmen"])
    #expect(try complete(["squad", "squads", "delete", ""]) == ["avengers", "xmen"])
    #expect(try complete(["squad", "squads", "rename", "av"]) == ["avengers"])
    #expect(try complete(["squad", "squads", "rename", "avengers", ""]) == [])
    #expect(try complete(["squad", "squads", "create", ""]) == [])
  }

  @Test func subcommandsCompleteWithTheirOwnOptions() throws {
    #expect(try complete(["squad", "catalogue", ""]) == ["import", "check", "reset"])
    #expect(try complete(["squad", "--home", home.path, "catalogue", "re"]) == ["reset"])
    #expect(try complete(["squad", "catalogue", "reset", ""]) == [])
    let imports = try complete(["squad", "catalogue", "import", "--"])
    #expect(imports.contains("--skip-invalid") && imports.contains("--json") && imports.contains("--home"))
    #expect(!imports.contains("--yes"))
    let reset = try complete(["squad", "catalogue", "reset", "--"])
    #expect(reset.contains("--yes") && !reset.contains("--skip-invalid"))
    let parent = try complete(["squad", "catalogue", "--"])
    #expect(parent.contains("--json") && !parent.contains("--skip-invalid") && !parent.contains("--yes"))
    let create = try complete(["squad", "squads", "create", "--"])
    #expect(create.contains("--max") && !create.contains("--yes"))
    let delete = try complete(["squad", "squads", "delete", "--"])
    #expect(delete.contains("--yes") && !delete.contains("--max"))
    #expect(!(try complete(["squad", "squads", "--"])).contains("--max"))
    try home.write("{}", to: "dump one.json")
    #expect(try complete(["squad", "catalogue", "import", "dump"]) == ["dump one.json"])
    #expect(try complete(["squad", "catalogue", "import", "a.json", "dump"]) == ["dump one.json"])
  }

  @Test func helpCompletesCommandsThenTheirSubcommands() throws {
    #expect(try complete(["squad", "help", "sq"]) == ["squads"])
    #expect(
      try complete(["squad", "help", "squads", ""]) == ["create", "edit", "rename", "delete", "restore", "compare"])
    #expect(try complete(["squad", "help", "catalogue", "i"]) == ["import"])
    #expect(try complete(["squad", "help", "heroes", ""]) == [])
  }

  @Test func recruitOffersSpiderManForSpi() throws {
    let offered = try complete(["squad", "recruit", "spi"])
    #expect(offered.contains("Spider-Man (Peter Parker)"))
    #expect(offered.allSatisfy { $0.lowercased().hasPrefix("spi") })
  }

  @Test func anEscapedNameSoFarStillMatches() throws {
    #expect(try complete(["squad", "show", "spider-man\\ \\(pe"]) == ["Spider-Man (Peter Parker)"])
    #expect(try complete(["squad", "recruit", "\"spider-man (pe"]) == ["Spider-Man (Peter Parker)"])
  }

  // bash 3.2 (macOS's) has no compopt: `enable -n` takes the builtin away here.
  @Test func withoutCompoptNamesAreEscapedByTheScript() throws {
    let offered = try complete(["squad", "show", "spider-man (pe"], before: "enable -n compopt")
    #expect(offered == [#"Spider-Man\ \(Peter\ Parker\)"#])
  }

  /// Two heroes named "Jean Grey" are offered as their ids; bash shows no description.
  @Test func aNameTwoHeroesShareIsInsertedAsTheirIds() throws {
    for before in ["", "enable -n compopt"] {
      let offered = try complete(["squad", "recruit", "jean grey"], before: before)
      #expect(offered.contains("1009327") && offered.contains("1009496"), "\(offered)")
      #expect(!offered.contains { $0.contains("\t") || $0.contains("comics") }, "\(offered)")
    }
  }

  @Test func digitsCompleteToIds() throws {
    #expect(try complete(["squad", "recruit", "100961"]).contains("1009610"))
  }

  @Test func fireOffersSquadMembers() throws {
    #expect(try complete(["squad", "fire", ""]) == ["Iron Man"])
  }

  @Test func showTakesOneHeroOnly() throws {
    #expect(try complete(["squad", "show", "hulk", "spi"]) == [])
  }

  @Test func formatValuesDependOnTheCommand() throws {
    #expect(try complete(["squad", "export", "--format", ""]) == ["json", "jsonl", "csv", "tsv", "markdown"])
    #expect(try complete(["squad", "list", "--format", ""]) == ["table", "tsv", "json", "jsonl", "csv"])
    #expect(try complete(["squad", "export", "--format", "=", "m"]) == ["markdown"])
    #expect(try complete(["squad", "heroes", "--color", "a"]) == ["auto", "always"])
  }

  @Test func fieldsCompleteTheLastItemOfTheList() throws {
    #expect(try complete(["squad", "export", "--fields", "id,re"]) == ["id,recruitedAt"])
  }

  @Test func optionsIncludeTheCommandsOwn() throws {
    let offered = try complete(["squad", "heroes", "--"])
    #expect(offered.contains("--limit"))
    #expect(offered.contains("--home"))
    #expect(!(try complete(["squad", "recruit", "--"])).contains("--format"))
  }

  @Test func importAndOutputCompleteFileNames() throws {
    try home.write("{}", to: "my squad.json")
    #expect(try complete(["squad", "import", "my"]) == ["my squad.json"])
    #expect(try complete(["squad", "export", "--output", "my"]) == ["my squad.json"])
  }

  @Test func helpOffersCommandsAndTopics() throws {
    #expect(try complete(["squad", "help", "ex"]) == ["export", "exit-codes"])
  }

  @Test func homeOnTheLineChoosesWhoseSquadFireOffers() throws {
    let other = TemporaryDirectory()
    try other.save(Squad(members: [SampleSquad.squad.members[1]]))
    #expect(try complete(["squad", "--home", other.path, "fire", ""]) == ["Hulk"])
  }
}
