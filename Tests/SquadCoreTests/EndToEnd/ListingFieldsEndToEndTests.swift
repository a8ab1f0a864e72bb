import Foundation
import Testing

/// Issue 21 item 13, with the real binary: `--fields` chooses and orders the columns of `list`
/// and `heroes` in every format, by the names and rules of `export --fields`.
@Suite struct ListingFieldsEndToEndTests {
  let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])

  init() throws {
    #expect(try squad.run("recruit", "hulk", "1010860").status == 0)
  }

  private func json(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func listTakesTheFieldsInTheirOrderInEveryFormat() throws {
    let tsv = try squad.run("list", "--fields", "name,id")
    #expect(tsv.lines == ["Hulk\t1009351", "Squirrel Girl\t1010860"])
    let csv = try squad.run("list", "--fields", "recruited_at,NAME", "--format", "csv").stdout
    #expect(csv.hasPrefix("recruitedAt,name\r\n"), "the field's own name, however it was spelt")
    #expect(csv.contains("Z,Hulk\r\n"))
    let members = json(try squad.run("list", "--fields", "id", "--json").stdout)["members"] as? [[String: Any]]
    #expect(members?.map { Array($0.keys) } == [["id"], ["id"]])
    let lines = try squad.run("list", "--fields", "name,thumbnail", "--format", "jsonl").lines
    #expect(
      lines.first == #"{"name":"Hulk","thumbnail":"http://i.annihil.us/u/prod/marvel/i/mg/5/a0/538615ca33ab0.jpg"}"#)
    let table = try squad.runOnTerminal(["list", "--fields", "name,description", "--color", "never"], columns: 60)
    #expect(table.stdout.contains("NAME           DESCRIPTION"), "\(table.stdout)")
    #expect(try squad.run("list").lines.first?.hasPrefix("1009351\tHulk\t") == true, "ids first by default")
  }

  @Test func heroesTakeTheFieldsInTheirOrderInEveryFormat() throws {
    let tsv = try squad.run("heroes", "hulk", "--limit", "1", "--fields", "name,comics,series,in_squad")
    #expect(tsv.lines == ["Hulk\t1798\t550\tyes"])
    let csv = try squad.run("heroes", "hulk", "--limit", "1", "--fields", "events,id", "--format", "csv").stdout
    #expect(csv == "events,id\r\n26,1009351\r\n")
    let document = json(try squad.run("heroes", "hulk", "--limit", "1", "--fields", "name,inSquad", "--json").stdout)
    #expect((document["heroes"] as? [[String: Any]])?.first?.count == 2)
    #expect((document["heroes"] as? [[String: Any]])?.first?["inSquad"] as? Bool == true)
    #expect(document["total"] != nil, "the listing's own keys stay")
    let table = try squad.runOnTerminal(["heroes", "hulk", "--limit", "1", "--fields", "name,stories"])
    #expect(table.stdout.contains("NAME  STORIES"), "\(table.stdout)")
    let whole = try squad.run("heroes", "hulk", "--limit", "1", "--format", "jsonl").stdout
    #expect(whole.contains(#""urls":["#), "without --fields, JSON keeps every key")
  }

  @Test func badFieldsAreUsageErrorsNamingTheValidOnes() throws {
    let unknown = try squad.run("heroes", "--fields", "id,power")
    #expect(unknown.status == 64)
    #expect(
      unknown.stderrLines.first
        == "Error: Unknown field 'power' for '--fields'. Valid fields: id, name, description, modified, thumbnail, comics, series, stories, events, inSquad."
    )
    let twice = try squad.run("list", "--fields", "id,ID")
    #expect(twice.status == 64)
    #expect(twice.stderrLines.first == "Error: The field 'id' is listed twice in '--fields'.")
    #expect(try squad.run("list", "--fields", "inSquad").status == 64, "a hero field is not a member field")
  }
}
