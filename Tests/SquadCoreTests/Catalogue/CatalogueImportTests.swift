import Foundation
import Testing

@testable import SquadCore

#if canImport(Glibc)
  import Glibc
#endif

/// The rules of `catalogue import` where they live: the document shapes, the record checks, the
/// walk, the catalogue's bounds and the report (the attack on issues 10 and 11, findings 3, 9,
/// 10, 11, 12 and 16).
@Suite struct CatalogueImportTests {
  let folder = TemporaryDirectory()

  func records(_ text: String) -> Result<[ImportedRecord], CatalogueImportFile.Problem> {
    records(Array(text.utf8))
  }

  func records(_ bytes: [UInt8]) -> Result<[ImportedRecord], CatalogueImportFile.Problem> {
    let path = folder.file("file.json")
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let read: [UInt8]
    switch CatalogueImportFile.read(path) {
    case .success(let value): read = value
    case .failure(let problem): return .failure(problem)
    }
    var records: [ImportedRecord] = []
    do throws(CatalogueImportFile.Problem) {
      try CatalogueImportFile.forEachRecord(read, path: path) { records.append($0) }
    } catch {
      return .failure(error)
    }
    return .success(records)
  }

  func problem(_ text: String) -> String? {
    guard case .failure(let problem) = records(text) else { return nil }
    return problem.detail
  }

  func ids(_ text: String) -> [Int] {
    guard case .success(let found) = records(text) else { return [] }
    return found.map {
      switch $0 {
      case .hero(let hero): return hero.id.rawValue
      case .comic(let comic): return comic.id
      }
    }
  }

  @Test func everyShapeGivesItsRecordsInOrder() {
    let hero = #"{"id":5000001,"name":"One"}"#
    let other = #"{"id":5000002,"name":"Two"}"#
    #expect(ids("[\(hero),\(other)]") == [5_000_001, 5_000_002])
    #expect(ids(#"{"code":200,"data":{"offset":0,"results":["# + hero + "," + other + "]}}") == [5_000_001, 5_000_002])
    #expect(ids(#"{"offset":0,"results":["# + hero + "]}") == [5_000_001])
    #expect(ids(#"{"characters":[{"id":"5000003","name":"Three"}]}"#) == [5_000_003])
    #expect(ids(hero + "\n\n" + other + "\n") == [5_000_001, 5_000_002])
    #expect(ids(hero) == [5_000_001])
    #expect(ids("[]") == [])
  }

  @Test func aByteOrderMarkIsSkippedAsForSquadImport() {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    guard case .success(let json) = records(mark + Array(#"[{"id":5000001,"name":"One"}]"#.utf8)),
      case .success(let lines) = records(
        mark + Array("{\"id\":5000001,\"name\":\"One\"}\n{\"id\":5000002,\"name\":\"Two\"}\n".utf8))
    else {
      Issue.record("a file with a byte-order mark was refused")
      return
    }
    #expect(json.count == 1)
    #expect(lines.count == 2)
  }

  @Test func bytesThatAreNotUTF8AreRefusedNeverRepaired() {
    guard
      case .failure(let problem) = records(Array(#"[{"id":5000001,"name":"Bad"#.utf8) + [0xFF] + Array(#""}]"#.utf8))
    else {
      Issue.record("invalid UTF-8 was imported")
      return
    }
    #expect(problem.detail.hasPrefix("not UTF-8 text (byte 26)"))
    #expect(UTF8Check.firstInvalidByte(Array("héllo".utf8)) == nil)
    #expect(UTF8Check.firstInvalidByte([0x61, 0xC3]) == 1)
  }

  @Test func anEmptyAndABlankFileFollowOneRule() {
    #expect(problem("")?.hasPrefix("the file is empty") == true)
    #expect(problem("  \n\n \t\n")?.hasPrefix("the file is empty") == true)
  }

  @Test func aResponseWrapperMustSayCode200() {
    let results = #""data":{"results":[{"id":5000001,"name":"One"}]}"#
    #expect(problem("{\"code\":500,\(results)}") == "an API error answer (code 500), not data")
    #expect(problem("{\"code\":\"InvalidCredentials\",\(results)}")?.hasPrefix("an API error answer") == true)
    #expect(ids("{\"code\":200,\(results)}") == [5_000_001])
    #expect(ids("{\(results)}") == [5_000_001], "a wrapper without a code is a capture of its data")
  }

  @Test func idsInDerivedListsArePlainDigits() {
    for id in [#"" 5000005""#, #""+5000006""#, #""5000007 ""#, #""5e6""#, #""""#, #""-5""#] {
      #expect(
        problem(#"{"characters":[{"id":\#(id),"name":"X"}]}"#)?.contains("id: expected a whole number") == true, "\(id)"
      )
    }
    #expect(ids(#"{"characters":[{"id":"0005000008","name":"X"}]}"#) == [5_000_008])
  }

  @Test func namesAndDescriptionsAreBoundedInBytesAsHeroLimitsSays() {
    let longest = String(repeating: "é", count: HeroLimits.maximumNameBytes / 2)
    #expect(ids(#"[{"id":5000001,"name":"\#(longest)"}]"#) == [5_000_001])
    #expect(
      problem(#"[{"id":5000001,"name":"\#(longest)a"}]"#)
        == "record 1: name: 1025 bytes is longer than the 1024 squad keeps")
    let description = String(repeating: "x", count: HeroLimits.maximumDescriptionBytes + 1)
    #expect(
      problem(#"[{"id":5000001,"name":"A","description":"\#(description)"}]"#)
        == "record 1: description: 65537 bytes is longer than the 65536 squad keeps")
  }

  @Test func aNameWithNoVisibleCharacterIsRefusedByTheOneRule() {
    for name in ["\u{200B}\u{200B}", "\u{200E}", "\u{2060} \u{FEFF}", "\u{3164}"] {
      #expect(HeroLimits.nameProblem(name) == "must have a visible character", "\(name.unicodeScalars.map(\.value))")
    }
    #expect(HeroLimits.nameProblem("  ") == "must not be empty")
    for name in ["Thor", "é", "\u{200B}X", "🦸", "李"] { #expect(HeroLimits.nameProblem(name) == nil, "\(name)") }
    #expect(problem(#"[{"id":5000001,"name":"\u200b"}]"#) == "record 1: name: must have a visible character")
  }

  @Test func aFileWhoseReadWouldWaitIsRefusedNotWaitedOn() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    // The writer stays open and silent: a blocking read would wait for ever.
    #expect(throws: PersistenceError(path: "pipe", reason: .notAFile(kind: "a file that waits for data when read"))) {
      try BoundedInput.read(ends[0], label: "pipe", limit: 1024, expected: 0)
    }
  }

  @Test func theWalkNamesEveryFolderItCannotEnterAndEveryLoop() throws {
    let root = folder.file("walk")
    try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
    try folder.write("[]", to: "walk/a/b/x.json")
    try folder.write("[]", to: "walk/z.json")
    try folder.write("[]", to: "walk/.hidden.json")
    try FileManager.default.createSymbolicLink(atPath: root + "/a/up", withDestinationPath: "..")
    guard case .success(let found) = CatalogueImportWalk.files([root], skipInvalid: false) else {
      Issue.record("the walk failed")
      return
    }
    #expect(found.files == [root + "/a/b/x.json", root + "/z.json"], "a link back up is walked once")

    try FileManager.default.createSymbolicLink(atPath: root + "/loop1", withDestinationPath: "loop2")
    try FileManager.default.createSymbolicLink(atPath: root + "/loop2", withDestinationPath: "loop1")
    let loop = CatalogueImportWalk.files([root], skipInvalid: false)
    #expect(
      loop
        == .failure(
          .unreadable(
            .init(path: root + "/loop1", detail: "a symbolic link loop (it never reaches a file)", isUnreadable: true)))
    )
    guard case .success(let skipping) = CatalogueImportWalk.files([root], skipInvalid: true) else {
      Issue.record("skipping failed")
      return
    }
    #expect(skipping.files.count == 2)
    #expect(skipping.skipped.map(\.path) == [root + "/loop1", root + "/loop2"])
  }

  @Test func aWalkTakesJSONFilesAndCountsTheOthersNamedFilesAreTakenWhateverTheirNames() throws {
    let root = folder.file("archive")
    try FileManager.default.createDirectory(atPath: root + "/errors", withIntermediateDirectories: true)
    for name in ["a.json", "b.JSONL", "c.ndjson", "PROVENANCE.md", "notes", "page.json.gz", "errors/401.json"] {
      try folder.write("[]", to: "archive/" + name)
    }
    let found = CatalogueImportWalk.files([root, root + "/notes"], skipInvalid: false)
    let files = ["a.json", "b.JSONL", "c.ndjson", "errors/401.json"].map { root + "/" + $0 } + [root + "/notes"]
    #expect(found == .success(.init(files: files, named: [root + "/notes"], passedOver: 3)))
  }

  @Test func aSavedErrorAnswerIsAnObjectWhoseCodeIsNot200() {
    for answer in [
      #"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#, #"{"code":409,"status":"No."}"#,
      #"{"status":"x","code":500,"data":{"results":[]}}"#,
    ] {
      #expect(CatalogueImportWalk.isErrorAnswer(Array(answer.utf8)), "\(answer)")
    }
    for data in [#"{"code":200,"data":{"results":[]}}"#, #"{"code":"200"}"#, #"[{"code":5}]"#, #"{"id":1,"#, ""] {
      #expect(!CatalogueImportWalk.isErrorAnswer(Array(data.utf8)), "\(data)")
    }
  }

  @Test func theWalkStopsPastItsBounds() throws {
    let root = folder.file("many")
    try FileManager.default.createDirectory(atPath: root + "/1/2/3", withIntermediateDirectories: true)
    for name in ["a", "b", "c"] { try folder.write("[]", to: "many/\(name).json") }
    #expect(
      CatalogueImportWalk.files([root], skipInvalid: true, maximumFiles: 2)
        == .failure(.overLimit("\(root): more than 2 files, the most one import reads; name fewer folders")))
    #expect(
      CatalogueImportWalk.files([root], skipInvalid: true, maximumDepth: 1)
        == .failure(.overLimit("\(root)/1/2: more than 1 folders deep, the deepest an import walks")))
  }

  @Test func theWalkStaysOnTheFileSystemOfTheFolderNamed() throws {
    let root = folder.file("dumps")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try folder.write("[]", to: "dumps/page.json")
    #if os(Linux)
      let otherFileSystem = "/proc"
    #else
      let otherFileSystem = "/dev"  // devfs on macOS
    #endif
    try FileManager.default.createSymbolicLink(atPath: root + "/proc", withDestinationPath: otherFileSystem)
    #expect(CatalogueImportWalk.files([root], skipInvalid: false) == .success(.init(files: [root + "/page.json"])))
  }

  @Test func theBoundsOfTheCatalogue() {
    #expect(CatalogueLimits.problem(heroes: 200_000, comics: 200_000, bytes: 256 << 20) == nil)
    #expect(CatalogueLimits.problem(heroes: 200_001, comics: 0, bytes: 0)?.contains("more than 200000 heroes") == true)
    #expect(CatalogueLimits.problem(heroes: 0, comics: 200_001, bytes: 0)?.contains("more than 200000 comics") == true)
    #expect(CatalogueLimits.problem(heroes: 0, comics: 0, bytes: (256 << 20) + 1)?.contains("256 MiB") == true)
    #expect(CatalogueLimits.maximumBytes == InputLimit.mappedFile, "squad writes no catalogue it would not read")
  }

  @Test func theBuilderKnowsTheSizeOfTheFileBeforeWritingIt() {
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    for number in 0..<300 {
      builder.merge(
        Hero(
          id: HeroID(5_000_000 + number), name: "Sized \(number)", description: String(repeating: "d", count: number)),
        origin: .imported)
    }
    builder.merge(
      Hero(id: HeroID(1_009_652), name: "Thanos", description: "Updated", modified: Date()), origin: .imported)
    builder.merge(
      Comic(id: 7, title: "Seven", onSale: Date(), characters: [HeroID(1_009_652), HeroID(5_000_001)]),
      origin: .imported)
    builder.merge(
      Comic(id: 7, title: "Seven, again", onSale: nil, characters: [HeroID(5_000_002)]), origin: .imported)
    var sink = MemoryCatalogueSink()
    try? builder.write(updatedAt: nil, bundled: BundledCatalogue.fingerprint, to: &sink)
    #expect(builder.size == sink.bytes.count)
  }

  @Test func heroesTheStoreMigratesAreNotCountedAsImported() throws {
    let home = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(#"{"heroes":[{"id":5100001,"name":"A"},{"id":5100002,"name":"B"}]}"#, to: "cache/catalogue.json")
    try home.write(#"[{"id":5000001,"name":"Someone"},{"id":5100001,"name":"A","description":"New"}]"#, to: "one.json")
    let store = CatalogueStore(paths: SquadPaths(home: home.path))
    let report = CatalogueImport.run([home.file("one.json")], skipInvalid: false, store: store, now: Date())
    guard case .success(let value) = report else {
      Issue.record("the import failed: \(report)")
      return
    }
    #expect(value.heroesAdded == 1)
    #expect(value.heroesUpdated == 1)
    #expect(store.catalogue.count == 1564 + 3)
  }

  @Test func anImportThatBringsNothingNewToADamagedCatalogueSaysItRepairedIt() throws {
    let home = TemporaryDirectory()
    try home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    let store = CatalogueStore(paths: SquadPaths(home: home.path))
    guard
      case .success(let first) = CatalogueImport.run(
        [home.file("one.json")], skipInvalid: false, store: store, now: Date())
    else {
      Issue.record("the first import failed")
      return
    }
    #expect(first.changed && first.written)
    // One digit of the counts section changed: a block that fails its check.
    var bytes = try #require(home.contents("catalogue.sqc")).map { $0 }
    let counts = try #require(try CatalogueIndex(SharedBytes(bytes)).header.counts)
    bytes[counts.lowerBound] = bytes[counts.lowerBound] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    try Data(bytes).write(to: URL(fileURLWithPath: home.file("catalogue.sqc")))
    let again = CatalogueImport.run(
      [home.file("one.json")], skipInvalid: false, store: CatalogueStore(paths: SquadPaths(home: home.path)),
      now: Date())
    guard case .success(let report) = again else {
      Issue.record("the second import failed: \(again)")
      return
    }
    #expect(!report.changed && report.written)
    #expect(CatalogueSummary.text(report).hasSuffix("Nothing new; the damaged catalogue was written again, repaired."))
    #expect(try CatalogueIndex(SharedBytes(try #require(home.contents("catalogue.sqc")).map { $0 })).damages().isEmpty)
    guard
      case .success(let third) = CatalogueImport.run(
        [home.file("one.json")], skipInvalid: false, store: CatalogueStore(paths: SquadPaths(home: home.path)),
        now: Date())
    else {
      Issue.record("the third import failed")
      return
    }
    #expect(!third.changed && !third.written)
    #expect(CatalogueSummary.text(third).hasSuffix("Nothing changed; the catalogue was not written."))
  }

  @Test func anImportPastTheHeroBoundStopsAndWritesNothing() throws {
    let home = TemporaryDirectory()
    let count = CatalogueLimits.maximumHeroes + 1
    let lines = (0..<count).map { #"{"id":\#(6_000_000 + $0),"name":"h"}"# }.joined(separator: "\n")
    try home.write(lines, to: "many.jsonl")
    let store = CatalogueStore(paths: SquadPaths(home: home.path))
    let report = CatalogueImport.run([home.file("many.jsonl")], skipInvalid: true, store: store, now: Date())
    #expect(report == .failure(.overLimit("the catalogue would hold more than 200000 heroes, the most squad keeps")))
    #expect(!FileManager.default.fileExists(atPath: home.file("catalogue.sqc")))
  }
}
