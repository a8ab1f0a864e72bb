import Foundation
import Testing

@testable import SquadCore

/// A stored catalogue or an earlier release's file whose numbers and records lie: damaged (a
/// warning, the bundled set), a record skipped, never a trap and never the wrong hero.
@Suite struct HostileCatalogueTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  /// A catalogue file of the bundled set plus one imported hero, as bytes.
  func storedBytes() throws -> [UInt8] {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    return try #require(home.contents("catalogue.sqc").map { Array($0) })
  }

  /// The header's JSON, edited, written back padded as the format wants.
  func withHeader(_ bytes: [UInt8], _ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
    try CatalogueHeaderEdit.edit(bytes, edit)
  }

  func problem(_ bytes: [UInt8]) -> CatalogueFormatError? {
    do throws(CatalogueFormatError) {
      _ = try CatalogueIndex(SharedBytes(bytes))
      return nil
    } catch {
      return error
    }
  }

  @Test func headerNumbersThatDoNotAgreeWithTheFileMakeItDamaged() throws {
    let bytes = try storedBytes()
    #expect(problem(bytes) == nil)
    let huge = Int(Int64.max)
    let edits: [(String, (inout [String: Any]) -> Void)] = [
      ("count beyond 64 bits of entries", { $0["count"] = 1 << 62 }),
      ("count at Int.max", { $0["count"] = huge }),
      ("count one more", { $0["count"] = ($0["count"] as? Int ?? 0) + 1 }),
      ("comicCount huge", { $0["comicCount"] = huge }),
      ("origin count huge", { $0["heroes"] = ["bundled": huge, "api": 0, "import": 1] }),
      ("origins overflow", { $0["heroes"] = ["bundled": huge, "api": huge, "import": 2] }),
      ("origins negative", { $0["heroes"] = ["bundled": -1, "api": 0, "import": 1564] }),
      ("origins short", { $0["heroes"] = ["bundled": 1, "api": 0, "import": 1] }),
      ("range beyond the file", { $0["comicIndex"] = [0, huge] }),
      ("range huge start", { $0["records"] = [huge - 1, huge] }),
      // Found by the reliability suite: a size computed before the bounds were checked trapped.
      ("range from the lowest Int", { $0["names"] = [Int.min, ($0["names"] as? [Int])?.last ?? 0] }),
      ("range below the header", { $0["ids"] = [-5, ($0["ids"] as? [Int])?.last ?? 0] }),
      ("sections overlap", { $0["names"] = $0["ids"] }),
    ]
    for (label, edit) in edits {
      #expect(problem(try withHeader(bytes, edit)) != nil, "\(label)")
    }
  }

  @Test func aDamagedHeaderWarnsAndTheBundledSetAnswersThenTheNextWriteMovesItAside() throws {
    let bytes = try withHeader(try storedBytes()) { $0["count"] = 1 << 62 }
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let warnings = Mutex<[String]>([])
    let alerts = Mutex<[String]>([])
    let store = CatalogueStore(
      paths: paths, warn: { text in warnings.withLock { $0.append(text) } },
      alert: { text in alerts.withLock { $0.append(text) } })
    #expect(store.catalogue.count == 1565, "every intact record answers, the imported one too")
    #expect(store.catalogue.hero(HeroID(5_000_001))?.name == "Someone")
    #expect(alerts.withLock { $0.count } == 1, "damage is said once, on the channel --quiet keeps")
    #expect(warnings.withLock { $0.isEmpty })
    try store.remember([Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    #expect(alerts.withLock { $0.count } == 2, "moving aside is said on the channel --quiet keeps")
    #expect(alerts.withLock { $0[1].contains("'squad catalogue import ") }, "the way back is named")
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(5_000_001))?.name == "Someone", "nothing intact lost")
    #expect(try home.listing().contains { $0.hasPrefix("catalogue.sqc.damaged-") })
  }

  @Test func numbersBeyond64BitsAreAnErrorNeverATrap() throws {
    for text in ["99999999999999999999999999", "9223372036854775808", "-9223372036854775809", "18446744073709551616"] {
      #expect(throws: (any Error).self) {
        try JSONReaderTests.read(text) { (reader) throws(JSONReader.Failure) in try reader.int() }
      }
    }
    #expect(
      try JSONReaderTests.read("9223372036854775807") { (reader) throws(JSONReader.Failure) in try reader.int() }
        == Int.max)
    #expect(
      try JSONReaderTests.read("-9223372036854775807") { (reader) throws(JSONReader.Failure) in try reader.int() }
        == -Int.max)
  }

  /// A record line of the stored file replaced by another of the same length, with its checksum:
  /// what an earlier release or another rule could have written, not damage.
  func replacingRecord(_ bytes: [UInt8], key: String, with make: (Int) -> String) throws -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    let start = try #require(text.range(of: "{\"k\":\"\(key)\""))
    let end = try #require(text[start.lowerBound...].firstIndex(of: "\n"))
    let length = text.utf8.distance(from: start.lowerBound, to: end)
    var record = make(length)
    record += String(repeating: " ", count: max(0, length - CatalogueFormat.checkWidth - record.utf8.count))
    record += " " + String(format: "%08x", Array(record.utf8).withUnsafeBufferPointer(CRC32.checksum))
    try #require(record.utf8.count == length)
    return Array((text[..<start.lowerBound] + record + text[end...]).utf8)
  }

  @Test func aRecordThatBreaksTheRecordRuleIsSkippedNeverReturned() throws {
    let bytes = try storedBytes()
    let cases: [(String, String)] = [
      ("huge count", #""comics":99999999999999999999999999"#), ("negative count", #""comics":-5"#),
      ("empty name", ""), ("negative id", ""),
      // Readers disagree on which of a repeated field counts (this reader took the last).
      ("name given twice", #""name":"EVIL""#), ("comics given twice", #""comics":1,"comics":2"#),
      ("description given twice", #""description":"a","description":"b""#),
    ]
    for (label, field) in cases {
      let edited = try replacingRecord(bytes, key: "thanos") { _ in
        switch label {
        case "empty name": return #"{"k":"thanos","src":"b","id":1009652,"name":"  "}"#
        case "negative id": return #"{"k":"thanos","src":"b","id":-1009652,"name":"Thanos"}"#
        default: return #"{"k":"thanos","src":"b","id":1009652,"name":"Thanos",\#(field)}"#
        }
      }
      let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(edited)))
      // Never the broken record: the bundled one, from the binary, answers in its place.
      #expect(catalogue.hero(HeroID(1_009_652))?.counts.comics == 297, "\(label)")
      #expect(catalogue.index.isDamaged, "\(label)")
      #expect(catalogue.heroes.filter { $0.id == HeroID(1_009_652) }.map(\.counts.comics) == [297], "\(label)")
      #expect(catalogue.hero(HeroID(1_009_610))?.name == "Spider-Man (Peter Parker)")
    }
  }

  /// Dates are seconds in squad's own format: one no text date could name (past the year 9999)
  /// is unknown, as a `modified` that is not a date is, and the next write does not trap on it.
  @Test func aDateNumberBeyondAnyYearIsUnknownAndWrittenBackSafely() throws {
    let edited = try replacingRecord(try storedBytes(), key: "thanos") { _ in
      #"{"k":"thanos","src":"b","id":1009652,"name":"Thanos","modified":9223372036854775807}"#
    }
    try Data(edited).write(to: URL(fileURLWithPath: paths.catalogueFile))
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(1_009_652))?.modified == nil)
    let builder = CatalogueBuilder(base: try CatalogueIndex(SharedBytes(edited)))
    builder.merge(Hero(id: HeroID(1_009_652), name: "Thanos", description: "Again"), origin: .imported)
    builder.merge(
      try JSONDecoder().decode(
        Comic.self, from: Data(#"{"id":7,"title":"Late","onSale":9223372036854775807,"characters":[1009652]}"#.utf8)),
      origin: .imported)
    var sink = MemoryCatalogueSink()
    try builder.write(updatedAt: nil, bundled: "", to: &sink)
    let written = LocalCatalogue(index: try CatalogueIndex(SharedBytes(sink.bytes)))
    #expect(written.hero(HeroID(1_009_652))?.description == "Again")
    #expect(written.comics(of: HeroID(1_009_652)).map(\.title) == ["Late"])
    #expect(written.comics(of: HeroID(1_009_652)).first?.onSale == nil)
  }

  @Test func aKeyFoldedByAnEarlierRuleIsFoldedAgainByTheNextWrite() throws {
    #expect(HeroName.folded("\u{200B}Some\u{200D}one ") == "someone", "invisible characters are no part of a key")
    // What an earlier release wrote for "\u{200B}Someone": the zero-width space kept in the key.
    let stale = try replacingRecord(try storedBytes(), key: "someone") { _ in
      #"{"k":"\u200Bsomeone","src":"i","id":5000001,"name":"\u200BSomeone"}"#
    }
    try Data(stale).write(to: URL(fileURLWithPath: paths.catalogueFile))
    // Put where "someone" was, its old key is out of the stored order: damage, so the intact view
    // (keys folded anew) answers.
    #expect(CatalogueStore(paths: paths).catalogue.matching(prefix: "someone").map(\.id) == [HeroID(5_000_001)])
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_002), name: "Other")], at: Sample.moment)
    let catalogue = CatalogueStore(paths: paths).catalogue
    #expect(catalogue.matching(prefix: "someone").map(\.name) == ["\u{200B}Someone"])
    #expect(catalogue.origin(of: HeroID(5_000_001)) == .imported)
  }

  @Test func anIdEntryLeadingToAnotherHerosRecordIsNotFound() throws {
    let bytes = try storedBytes()
    let edited = try replacingRecord(bytes, key: "thanos") { _ in
      #"{"k":"thanos","src":"b","id":1009610,"name":"Thanos"}"#
    }
    let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(edited)))
    #expect(catalogue.hero(HeroID(1_009_652))?.name == "Thanos", "the bundled hero, never the wrong one")
    #expect(catalogue.index.isDamaged)
    #expect(catalogue.hero(HeroID(1_009_610))?.name == "Spider-Man (Peter Parker)")
  }

  /// The bytes with the id index edited and its blocks' checksums made to hold again: damage that
  /// no checksum shows (`entryStart` gives where an entry starts).
  func editingIDIndex(_ bytes: [UInt8], _ edit: (inout [UInt8], _ entryStart: (Int) -> Int) -> Void) throws
    -> [UInt8]
  {
    let index = try CatalogueIndex(SharedBytes(bytes))
    let (table, checks) = (index.ids, try #require(index.header.checks))
    var edited = bytes
    edit(&edited) { table.range.lowerBound + $0 * table.width }
    for block in 0..<CatalogueHeader.blocks(table.entries) {
      let start = table.range.lowerBound + block * CatalogueFormat.blockEntries * table.width
      let end = min(start + CatalogueFormat.blockEntries * table.width, table.range.upperBound)
      var hex: [UInt8] = []
      CatalogueFormat.appendHex(
        UInt64(edited[start..<end].withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &hex)
      let line = checks.lowerBound + (table.firstCheck + block) * CatalogueFormat.checkWidth
      edited.replaceSubrange(line..<line + 8, with: hex)
    }
    return edited
  }

  @Test(arguments: [UInt8(ascii: " "), UInt8(ascii: "F"), UInt8(ascii: "+")])
  func anIDEntryThatIsNoHexUnderAChecksumThatHoldsIsDamageNeverAMiss(byte: UInt8) throws {
    let bytes = try editingIDIndex(try storedBytes()) { bytes, entryStart in bytes[entryStart(0)] = byte }
    let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes)))
    // The lowest id of the bundled set (A.I.M.), the index's first entry.
    #expect(catalogue.hero(HeroID(1_009_144))?.name == "A.I.M.", "answered from what is intact")
    #expect(catalogue.index.isDamaged)
  }

  @Test(arguments: [1, 1_500])
  func idEntriesSwappedUnderChecksumsThatHoldAreDamageNeverAMiss(other: Int) throws {
    let bytes = try editingIDIndex(try storedBytes()) { bytes, entryStart in
      let (first, second) = (
        Array(bytes[entryStart(0)..<entryStart(1)]), Array(bytes[entryStart(other)..<entryStart(other + 1)])
      )
      bytes.replaceSubrange(entryStart(other)..<entryStart(other + 1), with: first)
      bytes.replaceSubrange(entryStart(0)..<entryStart(1), with: second)
    }
    let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes)))
    // The lowest id of the bundled set, the index's first entry, now out of its place.
    #expect(catalogue.hero(HeroID(1_009_144))?.name == "A.I.M.")
    #expect(catalogue.index.isDamaged, "the miss checked the order of the ids")
  }

  @Test func theNextWriteDropsBadRecordsKeepsTheFileAsideAndBringsTheBundledHeroBack() throws {
    let bytes = try replacingRecord(try storedBytes(), key: "thanos") { _ in
      #"{"k":"thanos","src":"b","id":1009652,"name":"Thanos","comics":99999999999999999999999999}"#
    }
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let alerts = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, alert: { text in alerts.withLock { $0.append(text) } })
    try store.remember([Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    #expect(alerts.withLock { $0.first?.contains("1 record that fails its check") } == true)
    let aside = try home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }
    #expect(aside.count == 1)
    #expect(home.contents(aside[0]).map(Array.init) == bytes, "the damaged file is kept byte for byte")
    let catalogue = CatalogueStore(paths: paths).catalogue
    #expect(catalogue.hero(HeroID(1_009_652))?.name == "Thanos")
    #expect(catalogue.hero(HeroID(5_000_001))?.name == "Someone")
    #expect(catalogue.hero(HeroID(5_000_002))?.name == "Later")
  }

  @Test func aHeaderZeroedToItsLastNewlineKeepsTheFirstRecord() throws {
    // "!!! First" sorts first: its record starts at byte 1,024, right after the zeroed header.
    try CatalogueStore(paths: paths).remember(
      [Hero(id: HeroID(5_000_009), name: "!!! First"), Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    var bytes = try #require(home.contents("catalogue.sqc").map { Array($0) })
    let whole = CatalogueBuilder(salvaging: SharedBytes(bytes)).count
    for index in 0..<CatalogueFormat.headerSize { bytes[index] = 0 }
    let salvaged = CatalogueBuilder(salvaging: SharedBytes(bytes))
    #expect(salvaged.count == whole, "every record whose check holds")
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(5_000_009))?.name == "!!! First")
  }

  @Test func aMovedAsideFileWithoutItsMagicImportsBackEveryIntactRecord() throws {
    var bytes = try storedBytes()
    for index in 0..<17 { bytes[index] = 0 }  // the magic line, "squad-catalogue 4"
    try Data(bytes).write(to: URL(fileURLWithPath: home.file("aside.sqc")))
    let other = TemporaryDirectory()
    let store = CatalogueStore(paths: SquadPaths(home: other.path))
    let report = CatalogueImport.run([home.file("aside.sqc")], skipInvalid: false, store: store, now: Sample.moment)
    #expect((try? report.get()) != nil, "known by its checked record lines")
    #expect(store.catalogue.hero(HeroID(5_000_001))?.name == "Someone")
  }

  @Test(arguments: [false, true])
  func anImportOfSquadsOwnFileCountsTheRecordsItLeavesOut(headerDamaged: Bool) throws {
    // One record that breaks the record rule under a checksum that holds, one whose checksum fails.
    var bytes = try replacingRecord(try storedBytes(), key: "thanos") { _ in
      #"{"k":"thanos","src":"b","id":1009652,"name":"Thanos","comics":99999999999999999999999999}"#
    }
    let hulk = try #require(bytes.firstRange(of: Array(#""name":"Hulk""#.utf8)))
    bytes[hulk.lowerBound + 9] = UInt8(ascii: "h")
    if headerDamaged { bytes[20] = bytes[20] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x") }
    try Data(bytes).write(to: URL(fileURLWithPath: home.file("aside.sqc")))
    let other = TemporaryDirectory()
    let store = CatalogueStore(paths: SquadPaths(home: other.path))
    let report = try CatalogueImport.run([home.file("aside.sqc")], skipInvalid: false, store: store, now: Sample.moment)
      .get()
    #expect(report.leftOut == 2, "never left out in silence")
    // A damaged header is said too (the eleventh attack's F19), after the records left out.
    let header = headerDamaged ? ", the file is damaged: its header is cut short or does not read" : ""
    #expect(CatalogueSummary.text(report).contains("(2 damaged records left out\(header))"))
    #expect(store.catalogue.hero(HeroID(5_000_001))?.name == "Someone", "everything intact is taken")
  }

  @Test func aDamagedCatalogueLargerThanAnArchiveMayBeStillImportsBack() throws {
    // A catalogue may reach 256 MiB (a 100,000-hero one is ~67 MB), an archive 64 MiB; the way
    // back a write names for a damaged catalogue must take it.
    var bytes = try storedBytes()
    bytes += [UInt8](repeating: UInt8(ascii: " "), count: InputLimit.catalogueImportFile)
    try Data(bytes).write(to: URL(fileURLWithPath: home.file("aside.sqc")))
    let other = TemporaryDirectory()
    let store = CatalogueStore(paths: SquadPaths(home: other.path))
    let report = try CatalogueImport.run([home.file("aside.sqc")], skipInvalid: false, store: store, now: Sample.moment)
      .get()
    #expect(report.filesRead == 1)
    #expect(store.catalogue.hero(HeroID(5_000_001))?.name == "Someone")
  }

  @Test func aResetKeepsAsideAFileWithDamagedRecordsNeverDropsIt() throws {
    var bytes = try storedBytes()
    let hulk = try #require(bytes.firstRange(of: Array(#""name":"Hulk""#.utf8)))
    bytes[hulk.lowerBound + 9] = UInt8(ascii: "h")  // one record fails its check; the header holds
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let store = CatalogueStore(paths: paths, alert: { _ in })
    #expect(try store.resetContents().damage?.contains("1 record fails its check") == true)
    try store.reset()
    let aside = try home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }
    #expect(aside.count == 1, "its intact records (Someone) may be found nowhere else")
    #expect(home.contents(aside.first ?? "").map(Array.init) == bytes)
  }

  @Test func aKeptAsideNameLeftByAKilledWriteStaysAndTheWriteGoesOn() throws {
    var bytes = try storedBytes()
    bytes[20] = bytes[20] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")  // the header fails its check
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    // What a kill between keeping the file aside and replacing it leaves: a second name.
    #expect(link(paths.catalogueFile, paths.catalogueFile + ".damaged-1700000000") == 0)
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    let aside = try home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }
    #expect(aside.count == 1, "\(aside)")
    #expect(home.contents(aside.first ?? "").map(Array.init) == bytes, "the damaged file is still kept")
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(5_000_002))?.name == "Later")
  }

  @Test func aWholeCatalogueKeptUnderADamagedNameKeepsThatCopyWhenWritten() throws {
    let bytes = try storedBytes()
    #expect(link(paths.catalogueFile, paths.catalogueFile + ".damaged-1795940000") == 0)
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    #expect(home.contents("catalogue.sqc.damaged-1795940000").map(Array.init) == bytes, "the copy is not lost")
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(5_000_002))?.name == "Later")
  }

  @Test func aSecondNameThatIsNotSquadsOwnIsStillRefused() throws {
    _ = try storedBytes()
    #expect(link(paths.catalogueFile, home.file("mine.sqc")) == 0)
    #expect(throws: PersistenceError.self) {
      try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    }
  }

  @Test func anOldFilesBadRecordsAreLeftOutAndTheRestMigrated() throws {
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(
      #"{"heroes":[{"id":-7,"name":"Neg"},{"id":5100003,"name":""},{"id":5100002,"name":"Huge","comics":99999999999999999999999},{"id":5100004,"name":"Fine"}]}"#,
      to: "cache/catalogue.json")
    let notices = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, notice: { text in notices.withLock { $0.append(text) } })
    store.upgrade()
    #expect(store.catalogue.hero(HeroID(5_100_004))?.name == "Fine")
    #expect(store.catalogue.count == 1565)
    #expect(notices.withLock { $0.first?.contains("3 left out") } == true)
  }

  @Test func anUnreadableOldFileIsMigratedOnceItReads() throws {
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(#"{"heroes":[{"id":5100001,"name":"Old One"},"#, to: "cache/catalogue.json")
    let warnings = Mutex<[String]>([])
    #expect(CatalogueStore(paths: paths, warn: { t in warnings.withLock { $0.append(t) } }).catalogue.count == 1564)
    #expect(warnings.withLock { $0.first?.contains("'squad catalogue import <file>'") } == true)
    // A write in between (an import) must not make squad forget the old file.
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    try home.write(#"{"heroes":[{"id":5100001,"name":"Old One"}]}"#, to: "cache/catalogue.json")
    let store = CatalogueStore(paths: paths)
    #expect(store.catalogue.hero(HeroID(5_100_001))?.name == "Old One", "read in memory")
    #expect(FileManager.default.fileExists(atPath: paths.legacyCatalogueFile), "a read never migrates")
    store.upgrade()
    let catalogue = CatalogueStore(paths: paths).catalogue
    #expect(catalogue.hero(HeroID(5_100_001))?.name == "Old One")
    #expect(catalogue.hero(HeroID(5_000_001))?.name == "Someone")
    #expect(!FileManager.default.fileExists(atPath: paths.legacyCatalogueFile))
  }

  @Test func aMigrationWithoutADateSaysWhenTheOldFileWasWritten() throws {
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(#"{"heroes":[{"id":5100001,"name":"Old One"}]}"#, to: "cache/catalogue.json")
    let written = Date(timeIntervalSince1970: 1_790_000_000)
    try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: paths.legacyCatalogueFile)
    #expect(CatalogueStore(paths: paths).catalogue.updatedAt == written, "read in memory")
    CatalogueStore(paths: paths).upgrade()
    #expect(CatalogueStore(paths: paths).catalogue.updatedAt == written, "migrated")
  }

  @Test func namesKeptAsideNeverCollide() throws {
    let now = Date()
    var names: [String] = []
    for content in ["one", "two", "three"] {
      try? FileManager.default.removeItem(atPath: home.file("x.sqc"))
      try home.write(content, to: "x.sqc")
      let kept = try AsideName.keep(home.file("x.sqc"), suffix: "damaged", now: now)
      #expect(kept.linked && home.contents("x.sqc") == Data(content.utf8), "a second name; the file stays")
      names.append(kept.path)
    }
    #expect(Set(names).count == 3)
    #expect(
      names.map { home.contents(AtomicFile.folderAndName(of: $0).name) }
        == ["one", "two", "three"].map { Data($0.utf8) })
  }

  @Test func resetMovesADamagedCatalogueAsideNeverDeletesIt() throws {
    _ = try storedBytes()
    try home.write("squad-catalogue 2\n{garbage", to: "catalogue.sqc")
    let store = CatalogueStore(paths: paths)
    #expect(try store.resetContents().damage != nil, "the preview says the file is damaged")
    try store.reset()
    let aside = try home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }
    #expect(aside.count == 1)
    #expect(home.contents(aside[0]) == Data("squad-catalogue 2\n{garbage".utf8))
  }

  @Test func theCatalogueIsWrittenThroughTheOneOutputPath() throws {
    _ = try storedBytes()
    chmod(paths.catalogueFile, 0o600)
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_002), name: "Two")], at: Sample.moment)
    var status = stat()
    stat(paths.catalogueFile, &status)
    #expect(status.st_mode & 0o777 == 0o600, "the mode is kept")
    let elsewhere = TemporaryDirectory()
    try FileManager.default.moveItem(atPath: paths.catalogueFile, toPath: elsewhere.file("cat.sqc"))
    try FileManager.default.createSymbolicLink(
      atPath: paths.catalogueFile, withDestinationPath: elsewhere.file("cat.sqc"))
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_003), name: "Three")], at: Sample.moment)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: paths.catalogueFile) == elsewhere.file("cat.sqc"))
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(5_000_003))?.name == "Three")
    chmod(elsewhere.file("cat.sqc"), 0o444)
    // Refused even for root: the rule is about files nobody may write, as for squad.json.
    #expect(throws: PersistenceError.self) {
      try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_004), name: "Four")], at: Sample.moment)
    }
  }
}
