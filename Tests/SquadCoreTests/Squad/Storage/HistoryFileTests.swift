import Foundation
import Testing

@testable import SquadCore

@Suite struct HistoryFileTests {
  let home = TemporaryDirectory()
  var file: SquadFile { SquadFile(paths: SquadPaths(home: home.path)) }

  private func entry(_ sequence: Int, before: String, after: String) -> HistoryEntry {
    HistoryEntry(sequence: sequence, at: Sample.moment, command: "recruit", kind: .change, before: before, after: after)
  }

  @Test func theHistoryKeepsTheNewestThousandChanges() throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try file.save(squad)
    let digest = SquadDigest.of(squad)
    // 1,101 recorded changes ending at the squad on disk: past the bound and its slack.
    var entries = (1...1_100).map { entry($0, before: "d\($0 - 1)", after: "d\($0)") }
    entries.append(entry(1_101, before: "d1100", after: digest))
    try home.write(entries.map { $0.json.encoded() + "\n" }.joined(), to: "history.jsonl")
    _ = try file.update(.recruit(at: Sample.moment), heroes: [Sample.spiderMan], at: Sample.moment)
    let kept = try file.history.read().entries
    #expect(kept.count == HistoryFile.bound)
    #expect(kept.last?.sequence == 1_102)
    #expect(kept.first?.sequence == 103)
  }

  @Test func aTrimThatDropsEntriesForTheirSizeSaysHowMany() throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try file.save(squad)
    // Five entries of 7 MiB (35 MiB, past the 32 MiB that starts a trim): the newest that fit in
    // 16 MiB are the new change and two of them, far fewer than the 1,000 the count bound keeps.
    let note = String(repeating: "x", count: 7 << 20)
    var entries = (1...4).map { entry($0, before: "d\($0 - 1)", after: "d\($0)") }
    entries.append(entry(5, before: "d4", after: SquadDigest.of(squad)))
    for index in entries.indices { entries[index].detail = note }
    try home.write(entries.map { $0.json.encoded() + "\n" }.joined(), to: "history.jsonl")
    let said = Mutex<[String]>([])
    let warned = SquadFile(paths: SquadPaths(home: home.path)) { warning in said.withLock { $0.append(warning.text) } }
    _ = try warned.update(.recruit(at: Sample.moment), heroes: [Sample.spiderMan], at: Sample.moment)
    #expect(try file.history.read().entries.map(\.sequence) == [4, 5, 6])
    let words = said.withLock { $0 }
    #expect(words.count == 1 && words[0].contains("dropping 3 earlier entries for their size"), "\(words)")
  }

  @Test func aTornLastLineIsDroppedAndAnyOtherBadLineIsCorrupt() throws {
    let good = entry(1, before: "none", after: "x").json.encoded()
    try home.write(good + "\n{\"sequence\":2", to: "history.jsonl")
    let contents = try file.history.read()
    #expect(contents.entries.count == 1 && contents.tornTail && contents.cutShort)
    // Whole but for its newline (an editor saving without one): kept, and the file rewritten.
    try home.write(good + "\n" + entry(2, before: "x", after: "y").json.encoded(), to: "history.jsonl")
    let unended = try file.history.read()
    #expect(unended.entries.map(\.sequence) == [1, 2] && unended.tornTail && !unended.cutShort)
    // Whole JSON that is no entry is damage, with its newline or without: never dropped as cut.
    try home.write(good + "\n{\"sequence\":\"two\"}", to: "history.jsonl")
    #expect(throws: PersistenceError.self) { try file.history.read() }
    try home.write("garbage\n" + good + "\n", to: "history.jsonl")
    #expect(throws: PersistenceError.self) { try file.history.read() }
  }

  @Test(arguments: [
    (#""command":"recruit""#, #""command":"recruit","command":"fire""#, "at command: given twice"),
    (#""sequence":1"#, #""sequence":1,"sequence":2"#, "at sequence: given twice"),
  ])
  func anEntryKeyGivenTwiceMakesTheHistoryCorrupt(key: String, twice: String, detail: String) throws {
    let good = entry(1, before: "none", after: "x").json.encoded()
    try #require(good.contains(key))
    let line = good.replacingOccurrences(of: key, with: twice)
    try home.write(good + "\n" + line + "\n", to: "history.jsonl")
    #expect {
      try file.history.read()
    } throws: { error in
      "\(error)".contains(detail)
    }
  }

  @Test func theLastEntryIsReadAloneAsReadReadsIt() throws {
    #expect(try file.history.lastEntry() == nil, "no file")
    let lines = (1...3).map { entry($0, before: "d\($0 - 1)", after: "d\($0)").json.encoded() }
    try home.write("garbage\n" + lines.joined(separator: "\n") + "\n{\"sequence\":4", to: "history.jsonl")
    #expect(try file.history.lastEntry()?.sequence == 3, "an earlier bad line and a torn tail are not read")
    try home.write(lines[0] + "\nnot an entry\n", to: "history.jsonl")
    #expect(throws: PersistenceError.self) { try file.history.lastEntry() }
    try home.write(lines.joined(separator: "\n") + "\n", to: "history.jsonl")
    #expect(try file.history.lastEntry() == file.history.read().entries.last)
    try home.write(lines.joined(separator: "\n"), to: "history.jsonl")
    #expect(try file.history.lastEntry()?.sequence == 3, "a whole last entry without its newline")
  }

  @Test func aSquadPastItsLimitIsRefusedWhateverTheCaller() throws {
    let named = SquadFile(paths: SquadPaths(home: home.path), name: try SquadName.parse("six").get())
    _ = try SquadSet(paths: SquadPaths(home: home.path)).create(named.name, maxMembers: 1, at: Sample.moment)
    _ = try named.update(.recruit(at: Sample.moment), heroes: [Sample.hulk], at: Sample.moment)
    #expect(throws: SquadError.overLimit(limit: 1, members: 2, squad: "six", fireFirst: nil)) {
      _ = try named.change(by: "pick", at: Sample.moment) { snapshot in
        var squad = snapshot.squad
        squad.recruit(Sample.member(Sample.spiderMan))
        return (SquadEdit(squad: squad), ())
      }
    }
    #expect(try named.load().members.count == 1)
    #expect(try named.history.read().entries.map(\.command) == ["squads create", "recruit"])
  }
}
