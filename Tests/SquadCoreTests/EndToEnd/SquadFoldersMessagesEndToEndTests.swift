import Foundation
import Testing

@testable import SquadCore

/// Stop 38's squads and their folders, and messages that say what happened, with the real binary:
/// what the fourth hostile tester found (findings 7, 8, 10, 11 and 14).
@Suite struct SquadFoldersMessagesEndToEndTests {
  let squad = SquadProcess()

  private func squadWithTwoMembers(_ name: String) throws {
    #expect(try squad.run("squads", "create", name).status == 0)
    #expect(try squad.run("--squad", name, "recruit", "hulk", "thor").status == 0)
  }

  /// Attack 8, finding 6: a squad folder under a name that is no squad name was hidden in silence.
  @Test func aSquadFolderUnderNoSquadNameIsNamedByTheListingAndLeftAlone() throws {
    try squadWithTwoMembers("av")
    let file = try #require(squad.home.contents("squads/av/squad.json"))
    for folder in ["AV", "my squad", "default", ".hidden"] {
      try FileManager.default.createDirectory(
        atPath: squad.home.file("squads/\(folder)"), withIntermediateDirectories: true)
      try file.write(to: URL(fileURLWithPath: squad.home.file("squads/\(folder)/squad.json")))
    }
    // A folder without a squad file is no squad squad hides.
    try FileManager.default.createDirectory(atPath: squad.home.file("squads/Notes"), withIntermediateDirectories: true)
    let before = try squad.home.snapshot()
    let listed = try squad.run("squads")
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["default", "av"])
    let folders = squad.home.file("squads")
    let expected: [String] = [
      "Warning: \(folders)/AV holds a squad file that squad never reads: squad names are lower case. It was left "
        + "untouched; rename the folder to 'av' to use it.",
      "Warning: \(folders)/default holds a squad file that squad never reads: the default squad is squad.json "
        + "beside squads/, not a folder. It was left untouched.",
      "Warning: \(folders)/my squad holds a squad file that squad never reads: a squad name may hold only letters "
        + "a-z, digits, '-' and '_'. It was left untouched; rename the folder to use it.",
    ]
    #expect(listed.stderr.split(separator: "\n").map(String.init) == expected, "\(listed.stderr)")
    #expect(try squad.home.snapshot() == before)
    #expect(try squad.run("squads", "-q").stderr.isEmpty)
  }

  @Test func deletingASquadFromANewerSquadIsRefusedAndNothingMoves() throws {
    try squadWithTwoMembers("d")
    let path = "squads/d/squad.json"
    let text = String(decoding: squad.home.contents(path) ?? Data(), as: UTF8.self)
    try squad.home.write(text.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2"), to: path)
    let before = try squad.home.snapshot()

    let delete = try squad.run("squads", "delete", "d", "--yes")
    #expect(delete.status == 65, "\(delete.stderr)")
    #expect(delete.stderr.contains("written by a newer squad"), "\(delete.stderr)")
    #expect(!delete.stderr.contains("Deleted"), "\(delete.stderr)")
    #expect(try squad.home.snapshot() == before)
  }

  @Test func deletingASquadWhoseFileCannotBeReadSaysSoAndSetsItAside() throws {
    try squadWithTwoMembers("d")
    try squad.home.write("{\"schemaVersion\":1,\"members\":[", to: "squads/d/squad.json")
    let delete = try squad.run("squads", "delete", "d", "--yes")
    #expect(delete.status == 0, "\(delete.stderr)")
    #expect(!delete.stderr.contains("empty"), "\(delete.stderr)")
    #expect(
      delete.stderr.hasPrefix("Deleted the squad 'd' (its file could not be read: not valid JSON"), "\(delete.stderr)")
    #expect(delete.stderr.contains("It is set aside"), "\(delete.stderr)")
    #expect(try squad.run("squads", "restore", "d").status == 0)

    try FileManager.default.removeItem(atPath: squad.home.file("squads/d/squad.json"))
    try FileManager.default.createDirectory(
      atPath: squad.home.file("squads/d/squad.json"), withIntermediateDirectories: false)
    let folder = try squad.run("squads", "delete", "d", "--yes")
    #expect(folder.status == 0, "\(folder.stderr)")
    #expect(
      folder.stderr.contains("(its file could not be read: it is a folder, not a regular file)"), "\(folder.stderr)")
  }

  @Test func squadsExitsOneWhenASquadFileIsAFolderAndOnlyWarnsForADamagedOne() throws {
    #expect(try squad.run("squads", "create", "b").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/b/squad.json"))
    try FileManager.default.createDirectory(
      atPath: squad.home.file("squads/b/squad.json"), withIntermediateDirectories: false)
    let listing = try squad.run("squads")
    #expect(listing.status == 1, "\(listing.stderr)")
    #expect(listing.stdout.contains("b\t"), "\(listing.stdout)")
    #expect(listing.stderr.contains("squads/b/squad.json is a folder"), "\(listing.stderr)")

    try FileManager.default.removeItem(atPath: squad.home.file("squads/b/squad.json"))
    try squad.home.write("{", to: "squads/b/squad.json")
    let damaged = try squad.run("squads")
    #expect(damaged.status == 0, "\(damaged.stderr)")
    #expect(damaged.stderr.contains("is not a valid squad file"), "\(damaged.stderr)")
  }

  private func recruit(stdin bytes: [UInt8]) throws -> SquadProcess.Outcome {
    try CLIProcess.start(
      CLIProcess.binary, ["recruit", "-"], environment: squad.environment, directory: nil, stdin: Data(bytes)
    ).wait()
  }

  @Test func recruitFromStdinThatIsNotUTF8SaysStdinHoldsHeroNamesNotASquadFile() throws {
    let result = try recruit(stdin: [0xFF, 0xFE, 0x0A])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("stdin is not UTF-8 text; 'recruit -' reads hero ids or names"), "\(result.stderr)")
    #expect(!result.stderr.contains("squad file"), "\(result.stderr)")
    #expect(!result.stderr.contains("import"), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
  }

  @Test func recruitFromStdinRefusesALineHoldingAControlCharacterNamingTheLine() throws {
    let result = try recruit(stdin: Array("hulk\n\nhulk\u{0}thor\n".utf8))
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("line 3 of stdin holds a control character (U+0000)"), "\(result.stderr)")
    #expect(!result.stderr.contains("hulkthor"), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    // A tab is no control character here: a trailing one ends the first field.
    #expect(try recruit(stdin: Array("hulk\t\n".utf8)).status == 0)
  }

  /// Lines end at LF alone: a vertical tab, form feed, lone CR or NEL inside one is refused as a
  /// control character, never a second hero; U+2028 (no control character) is part of the name.
  @Test(arguments: [("\u{0B}", "U+000B"), ("\u{0C}", "U+000C"), ("\r", "U+000D"), ("\u{85}", "U+0085")])
  func recruitFromStdinSplitsLinesAtLineFeedsOnly(separator: String, code: String) throws {
    let result = try recruit(stdin: Array("hulk\(separator)thor\n".utf8))
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("line 1 of stdin holds a control character (\(code))"), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    #expect(try recruit(stdin: Array("hulk\u{2028}thor\n".utf8)).status == 3)
    // A CRLF ends a line as LF does, its CR dropped.
    let crlf = try recruit(stdin: Array("hulk\r\n\r\nthor\r\n".utf8))
    #expect(crlf.status == 0 && crlf.stderr.contains("Recruited Hulk and Thor."), "\(crlf.stderr)")
  }

  @Test(arguments: ["1000.0", "1e3", "1E+3"])
  func anIDWrittenAsAFractionOrExponentIsNotAWholeNumberNotTooLarge(_ written: String) throws {
    let text =
      "{\"schemaVersion\":1,\"members\":[{\"id\":\(written),\"name\":\"X\",\"description\":\"d\","
      + "\"thumbnail\":\"t\",\"recruitedAt\":\"2026-01-01T00:00:00Z\"}]}"
    try squad.home.write(text, to: "squad.json")
    let list = try squad.run("list")
    #expect(list.status == 65, "\(list.stderr)")
    #expect(list.stderr.contains("at members[0].id: expected a whole number, found \(written)"), "\(list.stderr)")
    #expect(!list.stderr.contains("too large"), "\(list.stderr)")
    #expect(squad.home.contents("squad.json") == Data(text.utf8))
  }

  @Test func anIDPastTheLargestWholeNumberIsStillTooLarge() throws {
    try squad.home.write(
      "{\"schemaVersion\":1,\"members\":[{\"id\":1e30,\"name\":\"X\",\"description\":\"d\",\"thumbnail\":\"t\","
        + "\"recruitedAt\":\"2026-01-01T00:00:00Z\"}]}",
      to: "squad.json")
    let list = try squad.run("list")
    #expect(list.status == 65, "\(list.stderr)")
    #expect(list.stderr.contains("1e30 is too large for a whole number"), "\(list.stderr)")
  }

  @Test(arguments: ["{\"offline\":true,\"offline\":false}", "{\"publicKey\":\"a\",\"x\":1,\"publicKey\":\"b\"}"])
  func aConfigurationKeyGivenTwiceIsRefusedAsAnInvalidConfiguration(_ text: String) throws {
    try squad.home.write(text, to: "config.json")
    let result = try squad.run("heroes", "spi", "--limit", "1")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("config.json is not a valid squad configuration: '"), "\(result.stderr)")
    #expect(result.stderr.contains("' is given twice; squad will not guess which one counts"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    // A key squad does not use, given twice, is passed over as before.
    try squad.home.write("{\"offline\":true,\"note\":1,\"note\":2}", to: "config.json")
    #expect(try squad.run("heroes", "spi", "--limit", "1").status == 0)
  }

  @Test func aFolderLeftWithoutItsSquadFileIsRefusedByRenameNamingCreateAndCreateTakesItUpSayingSo() throws {
    #expect(try squad.run("squads", "create", "zz").status == 0)
    // What a `squads create` killed before its squad file was saved leaves: its torn entry.
    #expect(try squad.run("squads", "create", "n4").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/n4/squad.json"))
    #expect(!(try squad.run("squads").stdout.contains("n4")))
    let rename = try squad.run("squads", "rename", "zz", "n4")
    #expect(rename.status == 1, "\(rename.stderr)")
    #expect(
      rename.stderr.contains(
        "in the way, holding files but no squad.json; move it away first, or "
          + "'squad squads create n4' takes it up with its history"), "\(rename.stderr)")
    let killed = try squad.run("squads", "create", "n4")
    #expect(killed.status == 0, "\(killed.stderr)")
    #expect(killed.stderr == "Created the squad 'n4'. Use it with --squad n4.\n", "\(killed.stderr)")

    // A squad whose file was removed by hand: its history carries on, and create says so.
    try squadWithTwoMembers("t")
    try FileManager.default.removeItem(atPath: squad.home.file("squads/t/squad.json"))
    let again = try squad.run("squads", "create", "t")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      again.stderr.contains("Its folder held the history of 2 changes (its squad.json was removed), which carries on"),
      "\(again.stderr)")
    let history = try squad.run("--squad", "t", "history").stdout.split(separator: "\n")
    #expect(history.count == 3)
  }

  @Test func undoRefusesToStepPastAChangeMadeAfterTheFileWasRemovedRatherThanSayNothingToUndo() throws {
    #expect(try squad.run("recruit", "hulk", "thor").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.squadFile)
    #expect(try squad.run("undo").status == 1)
    #expect(try squad.run("recruit", "1011334").status == 0)
    #expect(try squad.run("undo").stderr.contains("Fired 3-D Man."))
    let file = squad.home.contents("squad.json")
    let undo = try squad.run("undo")
    #expect(undo.status == 1, "\(undo.stderr)")
    #expect(!undo.stderr.contains("Nothing to undo"), "\(undo.stderr)")
    #expect(undo.stderr.contains("Cannot undo past change #2:"), "\(undo.stderr)")
    #expect(squad.home.contents("squad.json") == file)
    #expect(try squad.run("history").stdout.split(separator: "\n").count == 3)
    // Redo still works: only undo stops there.
    #expect(try squad.run("redo").stderr.contains("Recruited 3-D Man."))
  }
}
