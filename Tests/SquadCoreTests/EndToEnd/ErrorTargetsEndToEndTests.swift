import Foundation
import Testing

/// Issue 21 items 6 and 16, with the real binary: an error names the thing that is wrong, only
/// usage errors carry the usage block, and `help` with an unknown topic lists the topics.
@Suite struct ErrorTargetsEndToEndTests {
  let squad = SquadProcess()

  @Test func anUnknownOptionBeforeTheCommandIsNamedRatherThanItsValue() throws {
    let result = try squad.run("--colour", "never", "list")
    #expect(result.status == 64)
    #expect(result.stderrLines.first == "Error: Unknown option '--colour'. Did you mean '--color'?")
    #expect(result.stderrLines.count == 3, "the usage line and the pointer to help: \(result.stderr)")
    let after = try squad.run("list", "--colour", "never")
    #expect(after.stderrLines.first == "Error: Unknown option '--colour'. Did you mean '--color'?")
    #expect(try squad.run("lsit").stderrLines.first == "Error: Unknown command 'lsit'. Did you mean 'list'?")
  }

  @Test func refusalsThatAreNotUsageErrorsPrintNoUsageBlock() throws {
    #expect(try squad.run("squads", "create", "team").status == 0)
    let again = try squad.run("squads", "create", "team")
    #expect(again.status == 1)
    #expect(again.stderrLines == ["Error: A squad named 'team' already exists (see 'squad squads')."])
    for line in [["squads", "delete", "nosuch", "--yes"], ["squads", "rename", "nosuch", "other"]] {
      let missing = try squad.run(arguments: line)
      #expect(missing.status == 1, "\(line)")
      #expect(missing.stderrLines.count == 1, "\(missing.stderr)")
      #expect(missing.stderrLines.first?.hasPrefix("Error: There is no squad named 'nosuch'") == true)
    }
    let usage = try squad.run("squads", "delete", "default", "--yes")
    #expect(usage.status == 64, "a name that can never work is a usage error")
    #expect(usage.stderrLines.dropFirst().first?.hasPrefix("Usage: squad squads delete") == true)
  }

  @Test func helpForAnUnknownTopicListsTheTopics() throws {
    let help = try squad.run("help", "nosuch")
    #expect(help.status == 64)
    #expect(
      help.stderrLines.first
        == "Error: No help for 'nosuch'. Help topics: environment, exit-codes, formatting; 'squad help' lists the commands."
    )
    #expect(help.stdout.isEmpty)
  }
}
