import Testing

@testable import SquadCore

/// The Markdown export's cells: everything CommonMark would read as markup is escaped, and
/// nothing else, so ordinary names stay readable in the file itself.
@Suite struct MarkdownEscapingTests {
  @Test(arguments: [
    ("*stars*", #"\*stars\*"#), ("_under_", #"\_under\_"#), ("<b>html</b>", #"\<b>html\</b>"#), ("a | b", #"a \| b"#),
    ("`code`", #"\`code\`"#), ("[link](x)", #"\[link\](x)"#), ("![img](x)", #"!\[img\](x)"#),
    (#"back\slash"#, #"back\\slash"#), ("~~strike~~", #"\~\~strike\~\~"#), ("&amp;", #"\&amp;"#),
    ("# heading", "# heading"), ("- dash", "- dash"), ("1. first", "1. first"),
    ("Spider-Man (Peter Parker)", "Spider-Man (Peter Parker)"), ("tab\there", "tab here"),
    ("https://e.com/a_b*c.jpg", "<https://e.com/a_b*c.jpg>"), ("http://a b", #"http://a b"#),
  ])
  func aCellEscapesWhatCommonMarkWouldReadAsMarkup(text: String, cell: String) {
    #expect(Table.markdownText(text) == cell)
  }

  @Test func theTableEscapesHeadersAndCellsAlike() {
    let table = Table(columns: [Table.Column("NAME", key: "name")], rows: [["*x*"]])
    #expect(table.markdown() == "| name |\n| --- |\n| \\*x\\* |\n")
  }
}
