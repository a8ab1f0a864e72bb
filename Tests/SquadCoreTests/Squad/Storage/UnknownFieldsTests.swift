import Foundation
import Testing

@testable import SquadCore

/// Keys a person adds to `squad.json` by hand (`"notes"` at the top, `"nickname"` on a member)
/// are carried through every read and written back by every save (attack 8, finding 1).
@Suite struct UnknownFieldsTests {
  let home = TemporaryDirectory()
  var file: SquadFile { SquadFile(paths: SquadPaths(home: home.path)) }

  static let handEdited = """
    {"schemaVersion": 1, "notes": { "team" : [1, 2.50], "say": "keep  me \\"here\\"" },
     "members": [{"id": 1009351, "name": "Hulk", "nickname": "Big Green", "recruitedAt": "2020-01-01T00:00:00Z",
       "tags": ["smash", null, true]}],
     "owner": null}
    """

  static let notes = UnknownField(key: "notes", json: #"{"team":[1,2.50],"say":"keep  me \"here\""}"#)
  static let owner = UnknownField(key: "owner", json: "null")
  static let nickname = UnknownField(key: "nickname", json: #""Big Green""#)
  static let tags = UnknownField(key: "tags", json: #"["smash",null,true]"#)

  var text: String { String(decoding: home.contents("squad.json") ?? Data(), as: UTF8.self) }

  func writeHandEdited() throws {
    try Data(Self.handEdited.utf8).write(to: URL(fileURLWithPath: file.path))
  }

  @Test func readingKeepsTheUnknownKeysInOrderWithTheirValuesAsWritten() throws {
    let squad = try SquadFile.decode(Array(Self.handEdited.utf8), path: "squad.json")
    #expect(squad.unknownFields == [Self.notes, Self.owner])
    #expect(squad.members.map(\.unknownFields) == [[Self.nickname, Self.tags]])
    #expect(squad.members.map(\.name) == ["Hulk"])
  }

  @Test func aSaveWritesThemBackAfterSquadsOwnKeysAndReadsBackTheSame() throws {
    let squad = try SquadFile.decode(Array(Self.handEdited.utf8), path: "squad.json")
    let encoded = String(decoding: SquadFile.encode(squad), as: UTF8.self)
    #expect(
      encoded.hasPrefix(
        "{\n  \"schemaVersion\": 1,\n  \"notes\": {\"team\":[1,2.50],\"say\":\"keep  me \\\"here\\\"\"},\n"
          + "  \"owner\": null,\n  \"members\": ["))
    #expect(encoded.contains("\"recruitedAt\": \"2020-01-01T00:00:00Z\",\n      \"nickname\": \"Big Green\",\n"))
    #expect(try SquadFile.decode(Array(encoded.utf8), path: "squad.json") == squad)
  }

  @Test func recruitingKeepsTheFileAndTheMembersFields() throws {
    try writeHandEdited()
    _ = try file.update(.recruit(at: Sample.moment), heroes: [Sample.thor], at: Sample.moment)
    let squad = try file.load()
    #expect(squad.members.map(\.id) == [Sample.hulk.id, Sample.thor.id])
    #expect(squad.unknownFields == [Self.notes, Self.owner])
    #expect(squad.members.map(\.unknownFields) == [[Self.nickname, Self.tags], []])
    #expect(text.contains("\"nickname\": \"Big Green\""))
  }

  @Test func aFiredMemberComesBackWithTheirFieldsOnUndo() throws {
    try writeHandEdited()
    let before = try file.load()
    _ = try file.update(.fire(askFirst: false), heroes: [Sample.hulk], at: Sample.moment)
    #expect(try file.load().members.isEmpty)
    #expect(try file.load().unknownFields == [Self.notes, Self.owner])
    let fired = try #require(try file.history.read().entries.last)
    #expect(fired.diff.removed.map(\.member.unknownFields) == [[Self.nickname, Self.tags]])
    _ = try file.change(by: "undo", at: Sample.moment) { snapshot throws(SquadError) in
      (try HistoryFeature.plan(.undo, count: 1, in: snapshot).0, ())
    }
    #expect(try file.load() == before)
  }

  @Test func aRefreshKeepsTheMembersFields() throws {
    let squad = try SquadFile.decode(Array(Self.handEdited.utf8), path: "squad.json")
    var renamed = Sample.hulk
    renamed.name = "Bruce Banner"
    let refreshed = try #require(squad.refreshed(from: [renamed]))
    #expect(refreshed.members.map(\.name) == ["Bruce Banner"])
    #expect(refreshed.members.map(\.unknownFields) == [[Self.nickname, Self.tags]])
  }

  @Test func exportsAndImportsHoldSquadsOwnFieldsOnly() throws {
    let squad = try SquadFile.decode(Array(Self.handEdited.utf8), path: "squad.json")
    let listed = SquadOutput.render(squad, settings: OutputSettings(format: .json))
    #expect(!listed.contains("nickname") && !listed.contains("notes"))
    var imported: [Member] = []
    _ = try Array(Self.handEdited.utf8).withUnsafeBufferPointer { bytes throws(JSONReader.Failure) in
      try SquadDocument(bytes, readAt: Sample.moment) { read in
        if case .success(let member)? = read { imported.append(member) }
        return true
      }
    }
    #expect(imported.map(\.id) == [Sample.hulk.id])
    #expect(imported.map(\.unknownFields) == [[]])
  }

  // `history --json` prints members with their fields: a bidi override or DEL in one is escaped
  // as in squad's own strings, the same value.
  @Test func aControlOrBidiOverrideInAKeptValueIsWrittenEscaped() throws {
    let content = "{\"schemaVersion\": 1, \"members\": [], \"note\": \"a\u{202E}b\u{7F}c é\"}"
    let squad = try SquadFile.decode(Array(content.utf8), path: "squad.json")
    let encoded = String(decoding: SquadFile.encode(squad), as: UTF8.self)
    #expect(encoded.contains(#""note": "a\u202eb\u007fc é""#), "\(encoded)")
    let object = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String: Any]
    #expect(object?["note"] as? String == "a\u{202E}b\u{7F}c é")
  }

  // Such a key could not be written back as it was: the file is refused, never changed.
  @Test func aKeyWhoseEscapeIsNoCharacterMakesTheFileCorrupt() {
    let content = #"{"schemaVersion": 1, "members": [], "note\ud800": 1}"#
    #expect {
      try SquadFile.decode(Array(content.utf8), path: "squad.json")
    } throws: { error in
      guard let error = error as? PersistenceError, case .corrupt(let detail) = error.reason else { return false }
      return detail.contains("a key with an escape that is no character")
    }
  }

  // Found by the ninth attack: a key squad does not know given twice (once escaped) was written
  // back twice, so readers of the file took different values. Refused, as squad's own keys are.
  @Test(arguments: [
    #"{"schemaVersion": 1, "members": [], "dup": 1, "d\u0075p": 2}"#,
    #"{"schemaVersion": 1, "members": [{"id": 1009351, "name": "Hulk", "recruitedAt": "2026-01-02T03:04:05Z", "e\u0078tra": 1, "extra": 2}]}"#,
  ])
  func aKeySquadDoesNotKnowGivenTwiceMakesTheFileCorrupt(content: String) {
    #expect {
      try SquadFile.decode(Array(content.utf8), path: "squad.json")
    } throws: { error in
      guard let error = error as? PersistenceError, case .corrupt(let detail) = error.reason else { return false }
      return detail.contains("is given twice")
    }
  }
}
