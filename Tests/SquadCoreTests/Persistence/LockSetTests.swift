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
    #expect(file.lockPaths == [paths.lockFile])
    try FileManager.default.createSymbolicLink(
      atPath: paths.squadFile, withDestinationPath: home.file("shared/team.json"))
    #expect(file.lockPaths == [paths.lockFile, OutputFile.target(of: home.file("shared")) + "/squad.lock"])
    #expect(try file.lock().count == 2)
  }
}
