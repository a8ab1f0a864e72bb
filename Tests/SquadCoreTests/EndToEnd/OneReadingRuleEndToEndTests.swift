import Foundation
import Testing

@testable import SquadCore

/// One reading rule per model (issue 20), through the real binary: the same bytes mean the same
/// thing wherever they arrive.
@Suite struct OneReadingRuleEndToEndTests {
  func members(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return object?["members"] as? [[String: Any]] ?? []
  }

  /// A squad document without `recruitedAt` (an export made with `--fields id,name`, a hand-written
  /// file) reads alike as `squad.json` and through `import`: recruited when it was read.
  @Test func aSquadDocumentWithoutRecruitedAtGetsTheSameAnswerFromListAndImport() throws {
    let document =
      #"{"schemaVersion": 1, "members": [{"id": 1009351, "name": "Hulk"}, {"id": "1009610", "name": "Spidey"}]}"#
    let started = Date(timeIntervalSinceNow: -1)
    let listed = SquadProcess()
    try listed.home.write(document, to: "squad.json")
    let list = try listed.run("list", "--json")
    let importer = SquadProcess()
    try importer.home.write(document, to: "in.json")
    let imported = try importer.run("import", importer.home.file("in.json"))
    let after = try importer.run("list", "--json")
    #expect(list.status == 0 && imported.status == 0 && after.status == 0, "\(list.stderr) \(imported.stderr)")
    for found in [try members(list.stdout), try members(after.stdout)] {
      #expect(found.map { $0["id"] as? Int } == [1_009_351, 1_009_610])
      #expect(found.map { $0["name"] as? String } == ["Hulk", "Spidey"])
      for text in found.compactMap({ $0["recruitedAt"] as? String }) {
        let date = try #require(MarvelDate.parse(text))
        #expect(date >= started.addingTimeInterval(-1) && date <= Date(), "recruited when read: \(text)")
      }
    }
    #expect(listed.home.contents("squad.json") == Data(document.utf8), "reading never writes")
  }
}
