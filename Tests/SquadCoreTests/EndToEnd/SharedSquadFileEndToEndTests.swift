import Foundation
import Testing

@testable import SquadCore

/// A squad.json shared by two homes: through a symbolic link both see every change; a hard link
/// would be split by the next save (the file is replaced), so a change through one is refused.
@Suite struct SharedSquadFileEndToEndTests {
  @Test func aHardLinkedSquadFileIsNeverSplitByAChange() throws {
    let first = SquadProcess()
    let second = SquadProcess()
    #expect(try first.run("recruit", "hulk", "--offline").status == 0)
    #expect(link(first.home.file("squad.json"), second.home.file("squad.json")) == 0)
    let before = first.home.contents("squad.json")
    let recruited = try second.run("recruit", "thor", "--offline")
    #expect(recruited.status == 1, "\(recruited.stderr)")
    #expect(recruited.stderr.contains("is a file with 2 names (hard links)"), "\(recruited.stderr)")
    #expect(first.home.contents("squad.json") == before && second.home.contents("squad.json") == before)
    // Reading it is fine: both homes show the one squad.
    #expect(try second.run("list").stdout.hasPrefix("1009351\tHulk\t"))
    var status = stat()
    #expect(stat(first.home.file("squad.json"), &status) == 0 && status.st_nlink == 2)
  }
}
