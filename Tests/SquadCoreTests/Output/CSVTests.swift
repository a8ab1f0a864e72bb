import Testing

@testable import SquadCore

/// RFC 4180 fields and records, and the formula guard that must undo exactly.
@Suite struct CSVTests {
  @Test(arguments: [
    "=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=x", "''+x", "'x", "plain", "", "it's", "'", " =1",
    "\u{A0}\u{200B}+1", "' =x", "＝1", "a =1", "\u{0}=1", "'\u{0}=1", "﹢1", "﹦1",
  ])
  func theFormulaGuardIsUndoneExactly(text: String) throws {
    let records = try CSV.records("id," + CSV.field(text) + "\r\n").get()
    #expect(records.count == 1)
    #expect(records.first?.fields.count == 2)
    #expect(records.first.map { CSV.unguard($0.fields[1]) } == text)
  }

  @Test func formulaLookingCellsGetALeadingQuote() {
    #expect(CSV.field("=SUM(A1:A3)") == "'=SUM(A1:A3)")
    #expect(CSV.field("-5") == "'-5")
    #expect(CSV.field("'=x") == "''=x")
    #expect(CSV.field("'x") == "'x")
    #expect(CSV.field("Hulk") == "Hulk")
  }

  @Test(arguments: [
    " =1+1", "\u{A0}=1", "\u{200B}=1", "\u{FEFF}@x", "＝1+1", "＋1", "－1", "＠x", " \u{200B} -1",
    "\u{0}=1", "\u{0}\u{1}+1", "﹢1", "﹦1", "﹣1", "﹫x", "\u{34F}=1", "\u{17B4}@x", "\u{FE0F}=1", "\u{FE00}-2",
    "\u{E0100}=1",
  ])
  func formulasBehindSpacesOrInFullWidthAreGuarded(text: String) {
    #expect(CSV.field(text) == "'" + text)
  }

  @Test func commasQuotesAndLineBreaksAreQuoted() {
    #expect(CSV.field("a,b") == "\"a,b\"")
    #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSV.field("two\nlines") == "\"two\nlines\"")
  }

  @Test func recordsKnowTheLineTheyStartOn() throws {
    let text = "id,name\r\n1,\"two\nlines\"\r\n\r\n2,\"a \"\"b\"\", c\"\r\n3,last"
    let records = try CSV.records(text).get()
    #expect(
      records == [
        CSV.Record(line: 1, fields: ["id", "name"]), CSV.Record(line: 2, fields: ["1", "two\nlines"]),
        CSV.Record(line: 4, fields: [""]), CSV.Record(line: 5, fields: ["2", "a \"b\", c"]),
        CSV.Record(line: 6, fields: ["3", "last"]),
      ])
  }

  @Test func anUnclosedQuoteFailsWithTheLineItStartsOn() {
    #expect(CSV.records("id,name\n1,ok\n2,\"never\nends\n").failure == CSV.UnclosedQuote(line: 3))
  }

  @Test func anEmptyQuotedLastFieldIsStillAField() throws {
    #expect(try CSV.records("a,\"\"").get().map(\.fields) == [["a", ""]])
  }
}

extension CSV {
  /// Every record of a CSV text, or the line of a quoted field that never ends.
  static func records(_ text: String) -> Result<[Record], UnclosedQuote> {
    var records: [Record] = []
    let unclosed = forEachRecord(text) { record in
      records.append(record)
      return true
    }
    return unclosed.map { .failure($0) } ?? .success(records)
  }
}
