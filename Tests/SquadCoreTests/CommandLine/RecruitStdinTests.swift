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
    #expect(try lines("thor\n  storm\t\n \t \n") == ["thor", "storm"], "a line of blanks and tabs is blank")
    #expect(try lines("hulk\nid\tname\n") == ["hulk", "id"], "only a first line is a header")
  }

  /// Found by the ninth attack: a line whose first field is empty took its second field.
  @Test(arguments: ["\thulk\n", "thor\n  \t1009351\n"])
  func aRowWhoseFirstFieldIsEmptyIsRefusedNamingItsLine(_ text: String) throws {
    let line = text.split(separator: "\n").count
    #expect {
      try lines(text)
    } throws: { error in
      guard let error = error as? UsageError else { return false }
      return error.exitCode == .usage && error.message.hasPrefix("line \(line) of stdin has an empty first field")
    }
  }

  /// Found by the attack: a lone CR at the very end of stdin (no LF after it) was dropped as a
  /// CRLF's is, and a name holding U+2028 was shown with a space there.
  @Test func aLoneCRAtTheEndIsAControlCharacterAndALineSeparatorIsShown() throws {
    #expect(throws: UsageError.self) { try lines("zzq\r") }
    #expect(try lines("zzq\r\n") == ["zzq"])
    #expect(TextSnippet.quote("hul\u{2028}k\u{2029}") == "hul<U+2028>k<U+2029>")
    #expect(TextSnippet.quote("\u{FEFF}a\u{200B}b\u{2066}c") == "<U+FEFF>a<U+200B>b<U+2066>c")
    #expect(TextSnippet.quote("\u{202E}d\u{2060}") == "<U+202E>d<U+2060>")
    #expect(TextSnippet.quote("\u{61C}é") == "<U+061C>é", "every bidi control, and nothing else")
    let failure = LookupFailure.unknownName("hul\u{2028}k", suggestions: [])
    #expect(failure.description.hasPrefix("No hero is named 'hul<U+2028>k'."), "\(failure.description)")
  }
}
