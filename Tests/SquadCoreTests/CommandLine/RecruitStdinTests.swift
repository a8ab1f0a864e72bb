import Foundation
import Testing

@testable import SquadCore

/// What `recruit -` takes from each line of stdin.
@Suite struct RecruitStdinTests {
  func lines(_ text: String) throws -> [String] { try RecruitCommand.heroLines(Array(text.utf8)) }

  /// Found by the attack: `squad list | squad recruit -` took whole TSV rows as names.
  @Test func aRowOfTabSeparatedValuesNamesItsFirstField() throws {
    let list = "1009610\tSpider-Man (Peter Parker)\t2026-11-29T16:09:35Z\n1009351\tHulk\t2026-11-29T16:09:35Z\n"
    #expect(try lines(list) == ["1009610", "1009351"])
    #expect(try lines("ID\tNAME\tRECRUITEDAT\n1009351\tHulk\t2026\n") == ["1009351"], "a header row is skipped")
    #expect(try lines("thor\n  storm\t\n\thulk\n") == ["thor", "storm", "hulk"])
    #expect(try lines("hulk\nid\tname\n") == ["hulk", "id"], "only a first line is a header")
  }
}
