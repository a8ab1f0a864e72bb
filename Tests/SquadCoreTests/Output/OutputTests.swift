import Testing

@testable import SquadCore

@Suite struct OutputTests {
  let table = Table(
    columns: [Table.Column("ID", key: "id", alignsRight: true), Table.Column("NAME", key: "name", shrinks: true)],
    rows: [["1", "=cmd|' /C calc'!A0"], ["22", "Ｓｐｉｄｅｒ 蜘蛛侠 with a long tail"]])

  @Test func tsvHasNoHeaderAndKeepsValuesInTheirCells() {
    let tsv = Table(columns: table.columns, rows: [["1", "tab\there\nnewline \u{1B}[31mred"]]).tsv()
    #expect(tsv == "1\ttab here newline [31mred\n")
  }

  @Test func csvQuotesAndDefusesFormulas() {
    #expect(CSV.field("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
    #expect(CSV.field("-5") == "'-5")
    #expect(CSV.field("@SUM(A1)") == "'@SUM(A1)")
    #expect(CSV.field("plain") == "plain")
    #expect(CSV.field("a,b") == "\"a,b\"")
  }

  @Test func csvParsesWhatItWrites() {
    let rows = [["id", "name"], ["1", "=HYPERLINK(\"http://x\",\"y\")"], ["2", "line\nbreak, comma"]]
    let text = Table(
      columns: [Table.Column("ID", key: "id"), Table.Column("NAME", key: "name")], rows: Array(rows.dropFirst())
    )
    .csv()
    #expect((try? CSV.records(text).get())?.map { $0.fields.map(CSV.unguard) } == rows)
    #expect(CSV.records("\"never closed").failureValue == CSV.UnclosedQuote(line: 1))
  }

  @Test func wrappingKeepsWordsWholeAndLinesWithinTheWidthCountingWideCharacters() {
    #expect(DisplayWidth.wrap("the quick brown fox", to: 9) == ["the quick", "brown fox"])
    #expect(DisplayWidth.wrap("蜘蛛 蜘蛛 侠", to: 9) == ["蜘蛛 蜘蛛", "侠"])
    #expect(DisplayWidth.wrap("a  supercalifragilistic b", to: 5) == ["a", "supercalifragilistic", "b"])
    #expect(DisplayWidth.wrap("   ", to: 5) == [])
  }

  @Test func wideCharactersCountTwoColumns() {
    #expect(DisplayWidth.of("蜘蛛") == 4)
    #expect(DisplayWidth.of("Ｓ") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.truncate("蜘蛛侠蜘蛛侠", to: 5) == "蜘蛛…")
  }

  @Test func tablesFitTheTerminalWidth() {
    let text = TableRenderer.render(table, width: 24, color: false)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 24 }, "\(lines)")
    #expect(lines[0] == "ID  NAME")
    #expect(lines[2].hasSuffix("…"))
  }

  @Test func sanitisingRemovesEscapesAndBidiOverrides() throws {
    #expect(TextSanitizer.clean("a\u{1B}]0;pwned\u{07}b\u{202E}c\u{9B}d") == "a]0;pwnedbcd")
    let bidiControls: [UInt32] = [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
    for value in bidiControls {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(TextSanitizer.clean("a\(Character(scalar))b") == "ab", "U+\(String(value, radix: 16, uppercase: true))")
    }
    #expect(TextSanitizer.clean("👩\u{200D}🚀") == "👩\u{200D}🚀", "a zero-width joiner is not a bidi control")
  }

  @Test func colourIsOnlyForTerminalsAndTables() {
    let tty = TerminalInfo(stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: true)
    let pipe = TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false)
    func settings(_ terminal: TerminalInfo, _ env: [String: String], format: String? = nil, color: String? = nil)
      -> OutputSettings
    {
      OutputSettings.resolve(
        formatFlag: format, json: false, colorFlag: color, noHeaders: false, terminal: terminal, environment: env)
    }
    #expect(settings(tty, [:]).color)
    #expect(settings(tty, [:]).format == .table)
    #expect(!settings(tty, ["NO_COLOR": "1"]).color)
    #expect(!settings(tty, ["TERM": "dumb"]).color)
    #expect(settings(pipe, [:]).format == .tsv)
    #expect(!settings(pipe, [:], format: "table").color)
    #expect(settings(pipe, [:], format: "table", color: "always").color)
    #expect(settings(pipe, ["CLICOLOR_FORCE": "1"], format: "table").color)
    #expect(!settings(pipe, [:], format: "csv", color: "always").color)
  }

  @Test func jsonKeepsKeyOrderAndEscapesControlCharacters() {
    let value = JSONValue.object([
      ("id", .int(1)), ("name", .string("a\"\u{1B}")), ("list", .array([])), ("none", .null),
    ])
    #expect(value.encoded() == "{\"id\":1,\"name\":\"a\\\"\\u001b\",\"list\":[],\"none\":null}")
    #expect(
      value.encoded(pretty: true)
        == "{\n  \"id\": 1,\n  \"name\": \"a\\\"\\u001b\",\n  \"list\": [],\n  \"none\": null\n}")
  }
}

/// Every number in the catalogue import's report is grouped, as the project's rule says (the attack: "1244 added").
@Test func theCatalogueImportReportGroupsItsNumbers() {
  var report = CatalogueImport.Report()
  (report.filesRead, report.passedOver, report.heroesAdded, report.heroesUpdated) = (1_200, 1_001, 1_244, 2_000)
  (report.heroesUnchanged, report.comicsAdded, report.comicsUpdated) = (10_000, 43_210, 5_000)
  #expect(
    CatalogueSummary.text(report)
      == "Read 1,200 files (passed over 1,001 that hold no Marvel data); heroes: 1,244 added, 2,000 updated, "
      + "10,000 unchanged; comics: 43,210 added, 5,000 updated.")
}
