import Foundation
import Testing

@testable import SquadCore

/// `catalogue import` of squad's own catalogue files (a salvage, like SQLite's `.recover`): it
/// brings back every intact record, and says what it could not bring back.
@Suite struct SalvageImportTests {
  static let someone = HeroID(5_000_001)

  /// The bundled set, one imported hero and one comic, as a catalogue file's bytes.
  static let written: [UInt8] = {
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    builder.merge(Hero(id: someone, name: "Someone", description: "Imported"), origin: .imported)
    builder.merge(Comic(id: 7, title: "Seven", onSale: nil, characters: [someone]), origin: .imported)
    var sink = MemoryCatalogueSink()
    try? builder.write(updatedAt: nil, bundled: BundledCatalogue.fingerprint, to: &sink)
    return sink.bytes
  }()

  /// Imports `bytes` as a file into an empty home; the report and the home's catalogue.
  static func importing(_ bytes: [UInt8]) throws -> (CatalogueImport.Report, LocalCatalogue) {
    let folder = TemporaryDirectory()
    let home = TemporaryDirectory()
    try Data(bytes).write(to: URL(fileURLWithPath: folder.file("aside.sqc")))
    let store = CatalogueStore(paths: SquadPaths(home: home.path))
    let report = try CatalogueImport.run([folder.file("aside.sqc")], skipInvalid: false, store: store, now: Date())
      .get()
    return (report, store.catalogue)
  }

  @Test func aCopyWhoseLinesEndInCRLFImportsEveryRecordAndComic() throws {
    let crlf = Self.written.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
    let (report, catalogue) = try Self.importing(crlf)
    #expect(report.leftOut == 0, "the CR is no part of what the checksum covers")
    #expect(report.recordsRead == BundledCatalogue.index.count + 2, "every hero and the comic")
    #expect(!report.broughtBackNothing)
    #expect(report.comicsAdded == 1)
    #expect(catalogue.hero(Self.someone)?.description == "Imported")
    #expect(catalogue.comics(of: Self.someone).map(\.title) == ["Seven"])
  }

  @Test func aCROnlyInsideALineIsStillDamage() throws {
    let text = String(decoding: Self.written, as: UTF8.self)
    let damaged = Array(text.replacingOccurrences(of: #""name":"Someone""#, with: "\"name\":\"Some\rone\"").utf8)
    let (report, catalogue) = try Self.importing(damaged)
    #expect(report.leftOut == 1)
    #expect(catalogue.hero(Self.someone) == nil)
  }

  @Test func aFileWhoseEveryRecordIsDamagedBringsBackNothing() throws {
    // One byte of each record's key flipped: every line fails its checksum.
    var lines = Self.written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    for index in lines.indices where lines[index].starts(with: Array(#"{"k":"#.utf8)) { lines[index][6] ^= 1 }
    let (report, _) = try Self.importing(Array(lines.joined(separator: [UInt8(ascii: "\n")])))
    #expect(report.leftOut == BundledCatalogue.index.count + 1)
    #expect(report.recordsRead == 1, "the comic still reads")
    #expect(!report.broughtBackNothing, "the comic came back")
    for index in lines.indices where lines[index].starts(with: Array(#"{"characters":"#.utf8)) { lines[index][16] ^= 1 }
    let (none, _) = try Self.importing(Array(lines.joined(separator: [UInt8(ascii: "\n")])))
    #expect(none.broughtBackNothing)
    #expect(
      CatalogueSummary.nothingBroughtBack(none)
        == "Nothing was imported: not one record or comic found reads intact (1,565 damaged records and 1 damaged comic left out)."
    )
  }

  /// The bytes up to the end of the `count`th record line (its newline included).
  static func cut(after count: Int, of bytes: [UInt8] = written) -> [UInt8] {
    var end = CatalogueFormat.headerSize
    for _ in 0..<count { end = (bytes[end...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count - 1) + 1 }
    return Array(bytes[..<end])
  }

  @Test func aFileCutAtARecordBoundarySaysHowManyRecordsItLacks() throws {
    let total = BundledCatalogue.index.count + 1
    let (report, catalogue) = try Self.importing(Self.cut(after: 100))
    #expect(report.recordsRead == 100)
    #expect(report.leftOut == 0)
    #expect((report.missing, report.missingComics) == (total - 100, 1), "what the header gives, past the end")
    #expect(
      CatalogueSummary.text(report).hasPrefix(
        "Read 1 file (the file ends before its header says: 1,465 records and 1 comic missing);"))
    let json = CatalogueSummary.json(report).encoded(pretty: false)
    #expect(json.contains(#""missing":1465,"missingComics":1,"#), "\(json)")
    #expect(!report.broughtBackNothing)
    #expect(catalogue.count == BundledCatalogue.index.count, "the 100 records taken; the bundled set answers")
  }

  @Test func aFileCutInsideARecordCountsItLeftOutAndTheRestMissing() throws {
    let cut = Self.cut(after: 101)
    let (report, _) = try Self.importing(Array(cut.dropLast(20)))
    #expect(report.leftOut == 1, "the record cut in two")
    #expect(report.missing == BundledCatalogue.index.count + 1 - 101)
  }

  @Test func aFileCutAfterItsRecordsLacksOnlyItsComic() throws {
    let records = BundledCatalogue.index.count + 1
    let (report, _) = try Self.importing(Self.cut(after: records))
    #expect(report.recordsRead == records)
    #expect((report.leftOut, report.missing, report.missingComics) == (0, 0, 1))
    #expect(CatalogueSummary.text(report).contains("(the file ends before its header says: 1 comic missing)"))
  }

  @Test func aWholeFileOrOneWhoseHeaderIsDamagedLacksNothingItCanName() throws {
    #expect(Self.written.withUnsafeBufferPointer(CatalogueHeader.cutShort) == nil)
    let (whole, _) = try Self.importing(Self.written)
    #expect((whole.missing, whole.missingComics) == (0, 0))
    var cut = Self.cut(after: 100)
    cut[40] = cut[40] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")  // a header digit: its check fails
    let (damaged, _) = try Self.importing(cut)
    #expect(damaged.recordsRead == 100)
    #expect((damaged.missing, damaged.missingComics) == (0, 0), "a damaged header says nothing")
  }

  @Test func aFileCutBeforeItsFirstRecordBringsBackNothing() throws {
    let (report, _) = try Self.importing(Self.cut(after: 0))
    #expect(report.broughtBackNothing)
    #expect(
      CatalogueSummary.nothingBroughtBack(report)
        == "Nothing was imported: the file ends before its header says (1,565 records and 1 comic missing).")
  }

  @Test(arguments: [false, true])
  func damagedComicLinesAreCountedAndReported(cut: Bool) throws {
    // Two comics; the line of each fails its check (a digit of its characters changed).
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    builder.merge(Hero(id: Self.someone, name: "Someone"), origin: .imported)
    for id in [7, 8] {
      builder.merge(Comic(id: id, title: "Issue \(id)", onSale: nil, characters: [Self.someone]), origin: .imported)
    }
    builder.merge(Comic(id: 9, title: "Intact", onSale: nil, characters: [Self.someone]), origin: .imported)
    var sink = MemoryCatalogueSink()
    try builder.write(updatedAt: nil, bundled: BundledCatalogue.fingerprint, to: &sink)
    var lines = sink.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    for index in lines.indices where lines[index].starts(with: Array(#"{"characters":"#.utf8)) {
      if !String(decoding: lines[index], as: UTF8.self).contains("Intact") { lines[index][16] ^= 1 }
    }
    var bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    if cut { bytes.removeLast(CatalogueFormat.comicEntryWidth) }  // the header intact, the file cut short
    let (report, catalogue) = try Self.importing(bytes)
    #expect((report.leftOut, report.comicsLeftOut, report.comicsAdded) == (0, 2, 1), "never dropped in silence")
    #expect((report.missing, report.missingComics) == (0, 0), "damaged, not missing")
    #expect(CatalogueSummary.text(report).hasPrefix("Read 1 file (2 damaged comics left out);"))
    #expect(CatalogueSummary.json(report).encoded(pretty: false).contains(#""comicsLeftOut":2,"#))
    #expect(catalogue.comics(of: Self.someone).map(\.title) == ["Intact"])
  }
}
