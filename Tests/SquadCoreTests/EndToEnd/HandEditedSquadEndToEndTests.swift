import Foundation
import Testing

@testable import SquadCore

/// Keys a person adds to `squad.json` by hand outlive every command that rewrites the file, with
/// the real binary: recruit, sync, fire and the undo that brings a fired member back whole.
@Suite struct HandEditedSquadEndToEndTests {
  @Test func notesAndNicknamesSurviveRecruitSyncFireAndUndo() async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = MarvelEndToEndTests.squad(simulator)
    let ids = HostileServerEndToEndTests.ids(try await squad.launch("heroes", "--limit", "2").stdout)
    try #require(ids.count == 2)
    let (first, second) = (ids[0], ids[1])
    #expect(try await squad.launch("recruit", String(first)).status == 0)

    let path = squad.home.file("squad.json")
    func text() -> String { String(decoding: squad.home.contents("squad.json") ?? Data(), as: UTF8.self) }
    let edited = text().replacingOccurrences(
      of: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 1, \"notes\": \"keep me\","
    )
    .replacingOccurrences(of: "\"recruitedAt\":", with: "\"nickname\": \"Big Green\", \"recruitedAt\":")
    try #require(edited.contains("keep me") && edited.contains("Big Green"))
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    func kept() -> (notes: Bool, nickname: Bool) {
      (text().contains("\"notes\": \"keep me\""), text().contains("\"nickname\": \"Big Green\""))
    }

    let listed = try await squad.launch("list")
    #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
    #expect(try await squad.launch("recruit", String(second)).status == 0)
    #expect(kept() == (true, true), "\(text())")

    // A sync that updates the member keeps what was added to it.
    let patch: [String: any Sendable] = ["name": "Renamed Hero", "modified": "2032-01-01T00:00:00-0500"]
    try await simulator.inject(.fault("page", ["patch": [String(first): patch], "times": -1]))
    let synced = try await squad.launch("sync", "--timeout", "120")
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(text().contains("\"name\": \"Renamed Hero\""), "\(text())")
    #expect(kept() == (true, true), "\(text())")

    let fired = try await squad.launch("fire", String(first), "--yes")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(kept() == (true, false), "\(text())")
    let undone = try await squad.launch("undo")
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(kept() == (true, true), "\(text())")
    #expect(text().contains("\"name\": \"Renamed Hero\""), "\(text())")
  }
}
