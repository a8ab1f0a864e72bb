import Foundation
import Testing

@testable import SquadCore

@Suite struct LockSetTests {
  let home = TemporaryDirectory()

  @Test func oneFileNamedTwiceThroughALinkIsLockedOnceNotWaitedOnByItself() throws {
    try FileManager.default.createSymbolicLink(atPath: home.file("alias"), withDestinationPath: home.path)
    let locks = try LockSet(paths: [home.file("squad.lock"), home.file("alias/squad.lock")])
    #expect(locks.count == 1)
  }

  @Test func aLinkedSquadFileAlsoLocksBesideItsTarget() throws {
    let paths = SquadPaths(home: home.path)
    try FileManager.default.createDirectory(atPath: home.file("shared"), withIntermediateDirectories: true)
    try home.write("{\"schemaVersion\": 1, \"members\": []}\n", to: "shared/team.json")
    let file = SquadFile(paths: paths)
    #expect(try LockSet.paths(guarding: file.path, lock: file.lockPath) == [paths.lockFile])
    try FileManager.default.createSymbolicLink(
      atPath: paths.squadFile, withDestinationPath: home.file("shared/team.json"))
    #expect(
      try LockSet.paths(guarding: file.path, lock: file.lockPath) == [
        paths.lockFile, OutputFile.target(of: home.file("shared")) + "/squad.lock",
      ])
    #expect(try file.lock().count == 2)
  }

  @Test func aLinkedCatalogueIsLockedBesideItsTargetToo() throws {
    let paths = SquadPaths(home: home.path)
    try FileManager.default.createDirectory(atPath: home.file("shared"), withIntermediateDirectories: true)
    try home.write("", to: "shared/catalogue.sqc")
    try FileManager.default.createSymbolicLink(
      atPath: paths.catalogueFile, withDestinationPath: home.file("shared/catalogue.sqc"))
    #expect(
      try LockSet.paths(guarding: paths.catalogueFile, lock: paths.catalogueLock) == [
        paths.catalogueLock, OutputFile.target(of: home.file("shared")) + "/catalogue.lock",
      ])
    #expect(try LockSet.guarding(paths.catalogueFile, lock: paths.catalogueLock).count == 2)
  }
}
