import Foundation
import Testing

@testable import SquadCore

/// Reading exports: the format told by content, and every problem reported where it is.
@Suite struct ImportParserTests {
  let now = SampleSquad.date("2026-11-22T08:00:00Z")

  func parse(_ text: String, label: String = "in") -> Result<[Member], InvalidImport> {
    ImportParser.parse(ImportFile(label: label, data: Data(text.utf8)), now: now).map(\.members)
  }

  func problems(_ text: String) -> [String] { parse(text).failure?.lines ?? [] }

  @Test func theFormatIsToldByContent() {
    #expect(ImportFormat.detect("  {\"schemaVersion\":1,\"members\":[]}") == .json)
    #expect(ImportFormat.detect("{\"members\":[]}") == .json)
    #expect(ImportFormat.detect("{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n") == .jsonLines)
    #expect(ImportFormat.detect("{\"id\":1,\"name\":\"a\"}") == .jsonLines)
    #expect(ImportFormat.detect("{\n  \"members\": [\n") == .json)
    #expect(ImportFormat.detect("id,name\n1,a\n") == .csv)
    #expect(ImportFormat.detect(" \n\t") == nil)
  }

  @Test func aPictureThatIsNoWebAddressIsDropped() throws {
    let pictures = ["javascript:alert(1)", "file:///etc/passwd", "HTTPS:evil", "https://i.annihil.us/a.jpg"]
    let lines = pictures.enumerated().map { index, picture in
      #"{"id":\#(index + 1),"name":"M\#(index)","description":"","thumbnail":"\#(picture)","recruitedAt":"2026-01-01T00:00:00Z"}"#
    }
    let members = try parse(lines.joined(separator: "\n") + "\n").get()
    #expect(members.map(\.thumbnail) == [nil, nil, nil, "https://i.annihil.us/a.jpg"])
  }

  @Test(arguments: ["sample.json", "sample.jsonl", "sample.csv"])
  func everyImportableGoldenReadsBackAsTheSampleSquad(name: String) throws {
    #expect(try parse(try SampleSquad.golden(name)).get() == SampleSquad.squad.members)
  }

  @Test func aMissingRecruitedAtMeansNowAndEmptyThumbnailMeansNone() throws {
    let members = try parse("id,name,thumbnail\n5,Five,\n").get()
    #expect(members == [Member(id: HeroID(5), name: "Five", description: "", thumbnail: nil, recruitedAt: now)])
  }

  @Test func aSpreadsheetByteOrderMarkAndCapitalisedHeaderAreFine() throws {
    #expect(try parse("\u{FEFF}ID,Name\r\n5,Five\r\n").get().map(\.name) == ["Five"])
  }

  @Test func csvProblemsNameTheirLines() {
    let text = "id,name,recruitedAt\n1,ok,\nabc,x,\n0,y,\n2,,\n1,dup,\n3,\"two\nlines\",\n4\n5,z,later\n"
    #expect(
      problems(text) == [
        "in:3: id: expected a whole number, found 'abc'",
        "in:4: id: must be a whole number above 0, not 0",
        "in:5: name: must not be empty",
        "in:6: id: 1 appears twice (first at line 2); each member may appear once",
        "in:7: name: must not hold a control character (U+000A)",
        "in:9: expected 3 fields like the header, found 1",
        "in:10: recruitedAt: 'later' is not an ISO 8601 date of the years 0000 to 9999 (UTC) such as 2026-11-22T07:55:00Z",
      ])
  }

  @Test func aCSVHeaderMustNameIdAndName() throws {
    #expect(problems("id,description\n1,x\n") == ["in:1: the header must name at least the id and name columns"])
    #expect(problems("id,name,power\n1,x,9\n").first?.hasPrefix("in:1: 'power' is not a column squad knows") == true)
    #expect(
      problems("name\tid\nHulk\t1009351\n").first?.hasPrefix("in:1: expected a CSV header naming at least") == true)
    // A TSV export (no header, an id first) is no CSV: it is read as TSV.
    #expect(try parse("1009351\tHulk\n").get().map(\.name) == ["Hulk"])
  }

  /// One problem a member: the first field, in file order, that breaks the member rule.
  @Test func jsonLineProblemsNameTheirLines() {
    let text =
      "{\"id\":1,\"name\":\"a\"}\n\n{\"id\":1.5,\"name\":5}\nnot json\n[1]\n{\"name\":\"b\",\"recruitedAt\":\"soon\"}\n"
    #expect(
      problems(text) == [
        "in:3: id: expected a whole number, found 1.5",
        "in:4: this line is not a JSON object",
        "in:5: expected a member object",
        "in:6: id: missing; every member needs its Marvel character id",
      ])
  }

  @Test func crlfJSONLinesAreLinesAndALineSeparatorInAStringIsNot() {
    #expect(
      problems("{\"id\":1,\"name\":\"a\"}\r\n{\"id\":2,\"name\":\"b\u{2028}c\"}\r\n\r\n{\"id\":0,\"name\":\"z\"}\r\n")
        == [
          "in:4: id: must be a whole number above 0, not 0"
        ])
  }

  /// An id may be written as plain digits, as CSV cells and Marvel's derived lists write numbers.
  @Test func jsonDocumentProblemsNameTheirPaths() {
    let text =
      #"{"members": [{"id": 1, "name": "x"}, {"id": 0, "name": " "}, {"id": "7", "name": "q", "thumbnail": 4}, {"id": 1, "name": "y"}, {"id": 1.5, "name": "z"}]}"#
    #expect(
      problems(text) == [
        "in: members[1].id: must be a whole number above 0, not 0",
        "in: members[2].thumbnail: expected a string",
        "in: members[3].id: 1 appears twice (first at members[0]); each member may appear once",
        "in: members[4].id: expected a whole number, found 1.5",
      ])
  }

  @Test func aJSONSyntaxErrorNamesItsLine() {
    #expect(
      problems("{\"members\": [\n  {\"id\": 1, \"name\": \"x\"}\n  {\"id\": 2}\n]}") == [
        "in:3: not valid JSON here (expected ',' or ']'); a JSON export must be one valid document"
      ])
  }

  @Test func aNewerSchemaVersionIsRefused() {
    #expect(
      problems(#"{"schemaVersion": 2, "members": [{"id": 0}]}"#) == [
        "in: schemaVersion: 2 is newer than this squad reads (1); upgrade squad to import this file"
      ])
  }

  @Test func aDocumentWithoutMembersOrNotAnObjectIsRefused() {
    #expect(
      problems("{\n\"schemaVersion\": 1\n}") == [
        "in: missing \"members\": a JSON export lists its members in a \"members\" array"
      ])
    #expect(problems("[{\"id\": 1, \"name\": \"x\"}]") == ["in: expected a JSON object with a \"members\" array"])
    #expect(problems(#"{"members": {"id": 1}}"#) == ["in: members: expected an array of member objects"])
  }

  /// Found by the attack: a TSV file with a header was told squad takes "json, jsonl and csv".
  @Test func aFileInNoFormOfSquadsNamesEveryFormItTakes() {
    let found = problems("ID\tNAME\n1009610\tSpider-Man\n")
    #expect(
      found.count == 1 && found.first?.contains("squad imports json, jsonl, csv and tsv exports") == true, "\(found)")
    #expect(found.first?.contains("tsv has no header: an id first") == true, "\(found)")
  }

  @Test func emptyAndNonUTF8FilesAreRefused() {
    #expect(
      problems("\n  \n").first?.hasPrefix("in: the file is empty; expected a squad export (json, jsonl, csv or tsv)")
        == true)
    let latin1 = ImportParser.parse(ImportFile(label: "in", data: Data([0x69, 0x64, 0xE9, 0x0A])), now: now)
    #expect(latin1.failure?.lines == ["in: not UTF-8 text; save it as UTF-8 and import it again"])
  }

  @Test func controlCharactersInProblemsAreNotEchoedRaw() {
    let lines = problems("id,name\n\u{1B}[2J,x\n")
    #expect(lines == ["in:2: id: expected a whole number, found '[2J'"])
  }
}

/// `Member` has one reading rule: the squad file and `import` read the same document alike.
@Suite struct OneMemberRuleTests {
  let moment = SampleSquad.date("2026-11-22T08:00:00Z")

  @Test(arguments: [
    #"{"id": 5, "name": "Five"}"#, #"{"id": "5", "name": "Five", "recruitedAt": ""}"#,
    #"{"id": 5, "name": "Five", "thumbnail": "", "recruitedAt": " "}"#,
  ])
  func aDocumentWithoutRecruitedAtReadsTheSameAsTheSquadFileAndAsAnImport(member: String) throws {
    let document = #"{"schemaVersion": 1, "members": [\#(member)]}"#
    let squad = try SquadFile.decode(Array(document.utf8), path: "squad.json", readAt: moment)
    let imported = try ImportParser.parse(ImportFile(label: "in", data: Data(document.utf8)), now: moment).get().members
    let expected = Member(id: HeroID(5), name: "Five", description: "", thumbnail: nil, recruitedAt: moment)
    #expect(squad.members == [expected])
    #expect(imported == [expected])
  }

  @Test(arguments: [
    (#"{"id": 0, "name": "A"}"#, "members[0].id: must be a whole number above 0, not 0"),
    (#"{"id": 1}"#, "members[0].name: missing; every member needs a name"),
    (#"{"id": 1, "name": "A", "recruitedAt": "soon"}"#, "members[0].recruitedAt: 'soon' is not an ISO 8601 date"),
    (#"{"id": 1.5, "name": "A"}"#, "members[0].id: expected a whole number, found 1.5"),
  ])
  func whatTheSquadFileRefusesImportRefusesInTheSameWords(member: String, problem: String) throws {
    let document = #"{"schemaVersion": 1, "members": [\#(member)]}"#
    #expect(throws: PersistenceError.self) {
      try SquadFile.decode(Array(document.utf8), path: "squad.json", readAt: moment)
    }
    do throws(PersistenceError) {
      _ = try SquadFile.decode(Array(document.utf8), path: "squad.json", readAt: moment)
    } catch {
      #expect(error.description.contains("at " + problem), "\(error)")
    }
    let lines = ImportParser.parse(ImportFile(label: "in", data: Data(document.utf8)), now: moment).failure?.lines
    #expect(lines?.first?.hasPrefix("in: " + problem) == true, "\(lines ?? [])")
  }
}
