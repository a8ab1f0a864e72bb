import Foundation
import Testing

@testable import SquadCore

/// Found by the fuzzer: Foundation's `deletingLastPathComponent` traps on `.`, `./` and `a/`,
/// and `export --output` handed such names straight to the atomic writer.
@Suite struct OutputPathTests {
  @Test(arguments: [".", "./", "folder/", "..", "folder/.", "folder"])
  func exportingOntoAFolderNameIsAClearErrorNotACrash(output: String) throws {
    var squad = SquadProcess()
    try FileManager.default.createDirectory(atPath: squad.home.file("folder"), withIntermediateDirectories: true)
    squad.workingDirectory = squad.home.path
    let export = try squad.run("export", "--output", output)
    #expect(export.status == 1)
    #expect(export.stderr.contains("Could not write \(output): it is a folder, not a file."), "\(export.stderr)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: squad.home.path).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty)
  }

  @Test func pathsSplitIntoFolderAndName() {
    #expect(AtomicFile.folderAndName(of: "a/b.json") == ("a", "b.json"))
    #expect(AtomicFile.folderAndName(of: "b.json") == (".", "b.json"))
    #expect(AtomicFile.folderAndName(of: "/b.json") == ("/", "b.json"))
    #expect(AtomicFile.folderAndName(of: "a/") == ("a", ""))
    #expect(AtomicFile.folderAndName(of: ".") == (".", "."))
  }
}
