import Testing

@testable import SquadCore

/// Control characters in outside data never reach a terminal raw, in any format.
@Suite struct SanitisingTests {
  static let hostile = "Evil\u{1B}[31mRed\u{1B}]0;pwned\u{07} \u{202E}desrever\u{9B}2J\r\nNext\tcol"

  @Test func cleanRemovesControlsAndFlattensBreaks() {
    #expect(TextSanitizer.clean(Self.hostile) == "Evil[31mRed]0;pwned desrever2J  Next col")
  }

  @Test func cleanKeepingLineBreaksKeepsOnlyLineEndsAndTabs() {
    #expect(TextSanitizer.cleanKeepingLineBreaks(Self.hostile) == "Evil[31mRed]0;pwned desrever2J\r\nNext\tcol")
    #expect(TextSanitizer.cleanKeepingLineBreaks("over\rwrite\r\n") == "overwrite\r\n")
  }

  @Test func jsonEscapesControlsAndBidiOverridesSoTheTextSurvivesExactly() {
    let encoded = JSONValue.string("a\u{1B}b\u{202E}c\u{9B}").encoded()
    #expect(encoded == "\"a\\u001bb\\u202ec\\u009b\"")
  }

  @Test(arguments: ExportFormat.allCases.filter { $0 != .csv })
  func noExportFormatButCSVCarriesAnEscapeCharacter(format: ExportFormat) {
    let member = Member(
      id: HeroID(7), name: Self.hostile, description: Self.hostile, thumbnail: nil, recruitedAt: .distantPast)
    let text = ExportRenderer.render(Squad(members: [member]), ExportRequest(format: format, exportedAt: .distantPast))
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
  }

  @Test func csvKeepsTheTextExactlyAndIsCleanedOnlyForATerminal() {
    let member = Member(id: HeroID(7), name: Self.hostile, description: "", thumbnail: nil, recruitedAt: .distantPast)
    let text = ExportRenderer.render(Squad(members: [member]), ExportRequest(format: .csv, exportedAt: .distantPast))
    let cells = try? CSV.records(text).get().last?.fields
    #expect(cells?.dropFirst().first == Self.hostile)
    let shown = TextSanitizer.forStdout(text, isTerminal: true)
    #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
    #expect(TextSanitizer.forStdout(text, isTerminal: false) == text)
  }

  @Test func tablesOnATerminalShowCleanText() {
    let table = Table(columns: [Table.Column("NAME", key: "name")], rows: [[Self.hostile]])
    let text = TableRenderer.render(table, width: 200, color: false)
    #expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) && $0 != "\n" })
  }
}
