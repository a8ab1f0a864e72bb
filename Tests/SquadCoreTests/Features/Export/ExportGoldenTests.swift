import Foundation
import Testing

@testable import SquadCore

/// Every export format of a fixed squad, against files written by hand in `Fixtures/export/`.
@Suite struct ExportGoldenTests {
  func render(_ format: ExportFormat, fields: [MemberField] = MemberField.stored, headers: Bool = true) -> String {
    ExportRenderer.render(
      SampleSquad.squad,
      ExportRequest(format: format, fields: fields, headers: headers, exportedAt: SampleSquad.exportedAt))
  }

  @Test func jsonIsTheSquadSchemaPlusExportedAtAndAttribution() throws {
    #expect(render(.json) == (try SampleSquad.golden("sample.json")))
  }

  @Test func jsonLinesHoldOneMemberPerLine() throws {
    #expect(render(.jsonl) == (try SampleSquad.golden("sample.jsonl")))
  }

  @Test func csvHasAHeaderQuotesWhatNeedsItAndDefusesFormulas() throws {
    #expect(render(.csv) == (try SampleSquad.golden("sample.csv")))
  }

  @Test func tsvHasNoHeaderAndKeepsEveryValueOnItsLine() throws {
    #expect(render(.tsv) == (try SampleSquad.golden("sample.tsv")))
  }

  @Test func markdownIsATableWithEscapedPipesAndTheAttribution() throws {
    #expect(render(.markdown) == (try SampleSquad.golden("sample.md")))
  }

  @Test func fieldsChooseAndOrderTheColumns() {
    #expect(
      render(.csv, fields: [.name, .id])
        == "name,id\r\nSpider-Man (Peter Parker),1009610\r\nHulk,1009351\r\nIron Man,1009368\r\n"
    )
    #expect(
      render(.jsonl, fields: [.recruitedAt, .id]).hasPrefix(
        "{\"recruitedAt\":\"2026-01-02T03:04:05Z\",\"id\":1009610}\n"))
  }

  @Test func noHeadersDropsTheCSVHeaderRow() {
    #expect(render(.csv, fields: [.id], headers: false) == "1009610\r\n1009351\r\n1009368\r\n")
  }

  @Test func anEmptySquadExportsEmptyMembers() {
    let request = { (format: ExportFormat) in ExportRequest(format: format, exportedAt: SampleSquad.exportedAt) }
    #expect(
      ExportRenderer.render(Squad(), request(.json)) == """
        {
          "schemaVersion": 1,
          "squad": "default",
          "exportedAt": "2026-11-22T07:55:00Z",
          "attribution": "Data provided by Marvel. © MARVEL",
          "members": []
        }

        """)
    #expect(ExportRenderer.render(Squad(), request(.jsonl)) == "")
    #expect(ExportRenderer.render(Squad(), request(.csv)) == "id,name,description,thumbnail,recruitedAt\r\n")
    #expect(ExportRenderer.render(Squad(), request(.tsv)) == "")
  }

  @Test func aHyperlinkFormulaBecomesAQuotedTextCell() {
    let member = Member(
      id: HeroID(1), name: "=HYPERLINK(\"http://x\",\"y\")", description: "", thumbnail: nil,
      recruitedAt: SampleSquad.exportedAt)
    let csv = ExportRenderer.render(
      Squad(members: [member]), ExportRequest(format: .csv, fields: [.id, .name], exportedAt: SampleSquad.exportedAt))
    #expect(csv == "id,name\r\n1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"\r\n")
  }
}
