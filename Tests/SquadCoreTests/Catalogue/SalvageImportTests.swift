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
    let comicless = lines.filter { !$0.starts(with: Array(#"{"characters":"#.utf8)) }
    let (none, _) = try Self.importing(Array(comicless.joined(separator: [UInt8(ascii: "\n")])))
    #expect(none.broughtBackNothing)
    #expect(
      CatalogueSummary.nothingBroughtBack(none)
        == "Nothing was imported: all 1,565 records found are damaged (failing their check or the record rule).")
  }
}
