import Foundation
import Testing

@testable import SquadCore

/// Found by the reliability suite's kill test: a squad killed mid-save leaves its temporary file
/// (`.squad.json.tmp-PID-RANDOM`), and nothing ever removed them, so every kill added one for good.
/// The next save under the lock now removes those whose process is gone.
@Suite struct LeftoverTemporaryFilesTests {
  /// The pid of a process that has finished.
  func deadPID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func aSaveRemovesWhatKilledWritersLeftAndSparesLiveOnes() throws {
    let home = TemporaryDirectory()
    let dead = ".squad.json.tmp-\(try deadPID())-42"
    let live = ".squad.json.tmp-\(getppid())-7"
    let other = ".catalogue.json.tmp-\(try deadPID())-1"
    for name in [dead, live, other] { try home.write("{\"schemaVersion\": 1, \"members\": [", to: name) }
    try home.save(Squad())
    #expect(try home.listing() == [live, other, "squad.json"].sorted())
  }

  @Test func theCatalogueSaveRemovesItsOwnLeftovers() throws {
    let home = TemporaryDirectory()
    let dead = ".catalogue.sqc.tmp-\(try deadPID())-9"
    try home.write("{", to: dead)
    try CatalogueStore(paths: SquadPaths(home: home.path)).remember(
      [Hero(id: HeroID(2_000_123), name: "Leftover Test")], at: Sample.moment)
    #expect(try home.listing() == ["catalogue.lock", "catalogue.sqc"])
  }

  @Test func theResponseCacheRemovesWhatKilledWritersOfAnyEntryLeft() throws {
    let home = TemporaryDirectory()
    let dead = try deadPID()
    let (left, live) = (".\(MD5.hex("a")).json.tmp-\(dead)-3", ".\(MD5.hex("b")).json.tmp-\(getppid())-4")
    for name in [left, live, ".layout-2"] { try home.write("{", to: name) }
    try ResponseCache(directory: home.path).store(
      CachedResponse(url: "u", etag: nil, fetchedAt: Sample.moment, page: nil))
    #expect(try home.listing() == [".layout-2", live, MD5.hex("u") + ".json"].sorted())
    #expect(AtomicFile.writer(of: left) == dead)
    #expect(AtomicFile.writer(of: ".layout-2") == nil)
  }

  @Test func namesThatAreNotLeftoversAreLeftAlone() throws {
    let home = TemporaryDirectory()
    let names = [".squad.json.tmp-notapid-1", ".squad.json.tmp--1-1", "squad.json.tmp-1-1", ".squad.json.bak"]
    for name in names { try home.write("x", to: name) }
    AtomicFile.removeLeftovers(of: home.squadFile)
    #expect(try home.listing() == names.sorted())
  }
}
