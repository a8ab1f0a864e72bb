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
      #"{"schemaVersion": 1, "members": [{"id": 1009351, "name": "Hulk"}, {"id": "1009610", "name": "Spider-Man (Peter Parker)"}]}"#
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
      #expect(found.map { $0["name"] as? String } == ["Hulk", "Spider-Man (Peter Parker)"])
      for text in found.compactMap({ $0["recruitedAt"] as? String }) {
        let date = try #require(MarvelDate.parse(text))
        #expect(date >= started.addingTimeInterval(-1) && date <= Date(), "recruited when read: \(text)")
      }
    }
    #expect(listed.home.contents("squad.json") == Data(document.utf8), "reading never writes")
  }

  static let placeholder = "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available"

  /// How `show --offline --json` prints a hero, its source aside.
  func shown(_ squad: SquadProcess, _ id: Int) async throws -> [String: String] {
    let result = try await squad.launch("show", String(id), "--offline", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    // The rank is among each home's catalogue, which differ here; the record is what must agree.
    return object.filter { $0.key != "attribution" && $0.key != "rank" }.mapValues { value in
      let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      return data.map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
  }

  /// A record whose `modified` is not a date, and one carrying Marvel's "no picture" image, give
  /// one hero whether they come from the API (`sync`), from `catalogue import` of the same
  /// answers, or from a stored catalogue holding them: the date unknown, no picture, the rest kept.
  @Test func aBadModifiedAndThePlaceholderPictureReadAlikeFromTheAPIAnImportAndTheStoredCatalogue() async throws {
    // Past Marvel's 1,562 the simulator makes up heroes the bundled set does not hold, so no
    // bundled record takes part in the merges below.
    let simulator = try await Simulator(characters: 1_600)
    let stored = MarvelEndToEndTests.squad(simulator)
    #expect(try await stored.launch("sync", "--timeout", "120").status == 0)
    let made = try MarvelEndToEndTests.results(try await simulator.body("/characters?limit=100&offset=1500")).items
      .filter { ($0["id"] as? Int ?? 0) > 2_000_000 }
    // Two heroes with a picture and a date, so the record of each says what the other's lacks.
    let full = made.filter {
      !((($0["thumbnail"] as? [String: Any])?["path"] as? String ?? "").hasSuffix("image_not_available"))
        && ($0["modified"] as? String)?.hasPrefix("20") == true
    }.compactMap { $0["id"] as? Int }
    try #require(full.count >= 2)
    let (odd, pictureless) = (full[0], full[1])
    let placeholder: [String: any Sendable] = ["path": Self.placeholder, "extension": "jpg"]
    let patch: [String: [String: any Sendable]] = [
      String(odd): ["modified": "not a date"], String(pictureless): ["thumbnail": placeholder],
    ]
    try await simulator.inject(.fault("page", ["patch": patch, "times": -1]))
    // From the API.
    let synced = MarvelEndToEndTests.squad(simulator)
    #expect(try await synced.launch("sync", "--timeout", "120").status == 0)
    // From archived copies of the same answers.
    let imported = SquadProcess()
    for id in [odd, pictureless] {
      try imported.home.write(
        String(decoding: try await simulator.body("/characters/\(id)"), as: UTF8.self), to: "\(id).json")
    }
    let importing = try await imported.launch(
      "catalogue", "import", imported.home.file("\(odd).json"), imported.home.file("\(pictureless).json"))
    #expect(importing.status == 0, "\(importing.stderr)")
    // From a stored catalogue whose records say the same (edited in place, lengths kept).
    let path = stored.home.file("catalogue.sqc")
    var text = String(decoding: try #require(stored.home.contents("catalogue.sqc")), as: UTF8.self)
    text = try Self.editing(text, id: odd, value: "\"modified\":") {
      "\"" + String(repeating: "x", count: $0 - 2) + "\""
    }
    text = try Self.editing(text, id: pictureless, value: "\"path\":") { length in
      "\"" + String(repeating: "/", count: length - 2 - 19) + "image_not_available\""
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))

    for id in [odd, pictureless] {
      let fromAPI = try await shown(synced, id)
      #expect(try await shown(imported, id) == fromAPI, "import of \(id)")
      #expect(try await shown(stored, id) == fromAPI, "stored \(id)")
    }
    #expect(try await shown(synced, odd)["modified"] == "null")
    #expect(try await shown(synced, odd)["thumbnail"] != "null")
    #expect(try await shown(synced, pictureless)["thumbnail"] == "null")
    #expect(try await shown(synced, pictureless)["modified"] != "null")
  }

  /// The catalogue text with the value after `key` in the record of hero `id` replaced by one of
  /// the same length, so the file's indexes still hold, and the line's checksum made again: a
  /// record another writer could have made, not damage.
  static func editing(_ text: String, id: Int, value key: String, _ make: (Int) -> String) throws -> String {
    let record = try #require(text.range(of: "\"id\":\(id),\"name\""))
    let line = text[..<record.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
    let end = try #require(text[line...].firstIndex(of: "\n"))
    let start = try #require(text.range(of: key, range: line..<end)).upperBound
    let stop = try #require(text[start..<end].firstIndex { $0 == "," || $0 == "}" })
    let old = text[start..<stop]
    let new = make(old.utf8.count)
    try #require(new.utf8.count == old.utf8.count)
    let content = String(text[line..<start]) + new + String(text[stop..<end].dropLast(CatalogueFormat.checkWidth))
    let checksum = String(format: "%08x", Array(content.utf8).withUnsafeBufferPointer(CRC32.checksum))
    return text.replacingCharacters(in: line..<end, with: content + " " + checksum)
  }
}
