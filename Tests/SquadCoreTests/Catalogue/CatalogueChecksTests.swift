import Foundation
import Testing

@testable import SquadCore

/// Format 4's checksums (issue 29): every damaged byte is noticed, a read never answers from it
/// (it answers from what is intact), and nothing damaged is carried forward by a write.
@Suite struct CatalogueChecksTests {
  static let hulk = HeroID(1_009_351)
  static let avengers = HeroID(1_009_165)

  /// The bundled set, an imported hero, Hulk updated by an import, and a comic, in format 4.
  static let written: [UInt8] = {
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    builder.merge(Hero(id: HeroID(5_000_001), name: "Someone", description: "Imported"), origin: .imported)
    builder.merge(
      Hero(id: hulk, name: "Hulk", description: "Updated", modified: Date(timeIntervalSince1970: 1_900_000_000)),
      origin: .imported)
    builder.merge(Comic(id: 7, title: "Late", onSale: nil, characters: [hulk]), origin: .imported)
    var sink = MemoryCatalogueSink()
    try? builder.write(updatedAt: nil, bundled: BundledCatalogue.fingerprint, to: &sink)
    return sink.bytes
  }()

  static func replacing(_ old: String, _ new: String, in bytes: [UInt8] = written) throws -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    try #require(text.contains(old))
    return Array(text.replacingOccurrences(of: old, with: new).utf8)
  }

  /// The catalogue as a read sees it: the file's, or, when its header does not read, what salvage finds.
  static func catalogue(_ bytes: [UInt8]) -> (LocalCatalogue, headerDamaged: Bool) {
    do throws(CatalogueFormatError) {
      return (LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes))), false)
    } catch {
      let builder = CatalogueBuilder(salvaging: SharedBytes(bytes))
      builder.restoreBundled()
      return (LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: "")), true)
    }
  }

  @Test func crc32GivesTheKnownValues() {
    func crc(_ text: String) -> UInt32 { Array(text.utf8).withUnsafeBufferPointer(CRC32.checksum) }
    #expect(crc("") == 0)
    #expect(crc("a") == 0xE8B7_BE43)
    #expect(crc("123456789") == 0xCBF4_3926)
    #expect(crc("The quick brown fox jumps over the lazy dog") == 0x414F_A339)
  }

  @Test func crc32EightBytesAStepAgreesWithTheBitwiseDefinitionAtEveryLengthAndAlignment() {
    // The definition, one bit at a time (reflected polynomial 0xEDB88320).
    func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
      var crc = UInt32.max
      for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return ~crc
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for start in 0..<9 {
      for end in start...bytes.count where (end - start) < 40 || end % 37 == 0 {
        let slice = bytes[start..<end]
        #expect(Array(slice).withUnsafeBufferPointer(CRC32.checksum) == bitwise(slice), "\(start)..<\(end)")
      }
    }
  }

  @Test func aWrittenCatalogueIsFormat5AndWholeAndTheBundledFormat3ReadsUnchecked() throws {
    #expect(Self.written.starts(with: "squad-catalogue 5\n".utf8))
    let index = try CatalogueIndex(SharedBytes(Self.written))
    #expect(index.checked && index.damages().isEmpty)
    #expect(!BundledCatalogue.index.checked && BundledCatalogue.index.damages().isEmpty)
    #expect(LocalCatalogue(index: index).hero(Self.hulk)?.description == "Updated")
  }

  @Test func sectionsMustTileTheFileExactly() throws {
    for bytes in [Self.written + [0x0A], Array(Self.written.dropLast()), Self.written + Array("x\n".utf8)] {
      #expect(throws: CatalogueFormatError.self) { try CatalogueIndex(SharedBytes(bytes)) }
    }
  }

  @Test func aRecordThatNoLongerReadsNeverTrapsAndTheBundledHeroAnswers() throws {
    let bytes = try Self.replacing(#""name":"Hulk","#, #""nome":"Hulk","#)
    let (catalogue, _) = Self.catalogue(bytes)
    for order in HeroOrder.allCases {
      let page = catalogue.page(
        HeroQuery(order: order, limit: Int.max), source: .catalogue(reason: .offline, updatedAt: nil))
      #expect(page.heroes.count == 1565, "\(order)")
      #expect(page.heroes.filter { $0.id == Self.hulk }.count == 1, "\(order)")
    }
    #expect(catalogue.index.isDamaged)
    #expect(catalogue.hero(Self.hulk)?.name == "Hulk")
    let damage = try #require(catalogue.index.damages().first)
    #expect(damage.section == "records" && damage.heroes == ["hulk"])
  }

  @Test func oneInsertedByteIsDamageAndEveryOtherHeroStillAnswers() throws {
    let bytes = try Self.replacing(#""description":"Imported""#, #""description":"Imported!""#)
    let (catalogue, headerDamaged) = Self.catalogue(bytes)
    #expect(headerDamaged, "the sections no longer tile the file")
    #expect(catalogue.count == 1564, "every intact record answers; the edited one is left out")
    #expect(catalogue.hero(Self.hulk)?.description == "Updated", "an imported record after the edit survives")
    #expect(catalogue.hero(HeroID(5_000_001)) == nil)
  }

  @Test func anIdDigitFlippedIsNeverCarriedForwardAndTheBundledHeroComesBack() throws {
    let bytes = try Self.replacing(#""id":1009165,"#, #""id":1009175,"#)
    // The flipped id is Beast's: the flipped record must not take Beast's place either.
    #expect(BundledCatalogue.index.entry(id: HeroID(1_009_175))?.hero.name == "Beast")
    let builder = CatalogueBuilder(base: try CatalogueIndex(SharedBytes(bytes)))
    #expect(builder.droppedRecords == 1)
    builder.restoreBundled()
    let rewritten = builder.memoryIndex(updatedAt: nil, bundled: "")
    #expect(rewritten.damages().isEmpty)
    #expect(rewritten.entry(id: Self.avengers)?.hero.name == "Avengers")
    #expect(rewritten.entry(id: HeroID(1_009_175))?.hero.name == "Beast")
    #expect(rewritten.count == 1565)
    #expect(rewritten.entry(id: Self.hulk)?.hero.description == "Updated", "intact records are kept")
  }

  @Test func swappedOrCopiedIndexLinesAreNoticedAndAnswersStayRight() throws {
    let index = try CatalogueIndex(SharedBytes(Self.written))
    let start = index.header.ids.lowerBound
    let width = CatalogueFormat.idEntryWidth
    var swapped = Self.written
    swapped.replaceSubrange(
      start..<(start + 2 * width),
      with: Self.written[(start + width)..<(start + 2 * width)] + Self.written[start..<(start + width)])
    var copied = Self.written
    copied.replaceSubrange(start..<(start + width), with: Self.written[(start + width)..<(start + 2 * width)])
    for bytes in [swapped, copied] {
      let damaged = try CatalogueIndex(SharedBytes(bytes))
      #expect(damaged.damages().map(\.section) == ["id index"])
      let first = try #require(CatalogueFormat.hex(Self.written.withUnsafeBufferPointer { $0 }, at: start, count: 16))
      let id = HeroID(Int(Int64(bitPattern: first ^ (1 << 63))))
      #expect(LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes))).hero(id)?.id == id)
    }
  }

  /// Every byte changed, anywhere, is noticed by the check (a sample of positions, each flipped).
  @Test func aDamagedHeaderNewlineIsTheHeadersDamage() throws {
    var bytes = Self.written
    bytes[CatalogueFormat.headerSize - 1] = UInt8(ascii: "x")
    let damages = try CatalogueIndex(SharedBytes(bytes)).damages()
    #expect(damages == [CatalogueDamage(section: "header", detail: "1 line does not end where it should")])
  }

  @Test func aFileWithoutChecksumsIsNotNamedByAFormatItMayNotBe() {
    // Formats 2 and 3 have none; the report does not guess which.
    let report = CatalogueCheckReport(file: "c.sqc", damages: [], intact: 3, checksums: false)
    #expect(CatalogueSummary.text(report).contains("an older format without checksums; the next write adds them"))
  }

  @Test func checkFindsEveryFlippedByte() throws {
    for position in stride(from: 3, to: Self.written.count, by: 1_009) {
      var bytes = Self.written
      bytes[position] ^= 0x04
      let (catalogue, headerDamaged) = Self.catalogue(bytes)
      #expect(headerDamaged || !catalogue.index.damages().isEmpty, "byte \(position)")
    }
  }
}
