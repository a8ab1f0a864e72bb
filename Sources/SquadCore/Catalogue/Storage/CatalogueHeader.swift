import Foundation

struct CatalogueHeader: Encodable, Equatable, Sendable {
  var count = 0
  var records = 0..<0
  var ids = 0..<0
  var names = 0..<0
  var comics = 0..<0
  var comicIndex = 0..<0
  var comicCount = 0
  var updatedAt: Date?
  var bundled = ""
  var heroes = OriginCounts()
  var comicsByOrigin = OriginCounts()
  /// Nil in formats 4 and before.
  var counts: Range<Int>?
  /// How many heroes have each count known: the length of each run of the counts section.
  var known: [Int]?
  /// Nil in the unchecked formats 2 and 3.
  var checks: Range<Int>?

  func encoded() -> [UInt8] {
    var line = Array(CatalogueFormat.magic.utf8) + [UInt8(ascii: "\n")] + CompactJSON.encode(self)
    while line.count < CatalogueFormat.headerSize - CatalogueFormat.checkWidth { line.append(UInt8(ascii: " ")) }
    CatalogueFormat.appendHex(UInt64(line.withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &line)
    return line + [UInt8(ascii: "\n")]
  }

  init(reading bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueFormatError) {
    self = try Self.lines(bytes)
    try checkAgreement(fileSize: bytes.count)
  }

  /// A header that reads intact and agrees with itself but whose sections end past the file's end.
  static func cutShort(_ bytes: UnsafeBufferPointer<UInt8>) -> CatalogueHeader? {
    guard let header = try? lines(bytes) else { return nil }
    let end = header.sections.map(\.upperBound).max() ?? 0
    guard end > bytes.count, (try? header.checkAgreement(fileSize: end)) != nil else { return nil }
    return header
  }

  private static func lines(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueFormatError) -> CatalogueHeader {
    let magic = CatalogueFormat.magic.utf8.count
    guard bytes.count >= CatalogueFormat.headerSize, bytes[magic] == UInt8(ascii: "\n"),
      let version = CatalogueFormat.readable.firstIndex(where: { $0.utf8.elementsEqual(bytes[0..<magic]) })
    else {
      throw Self.newerFormat(bytes).map(CatalogueFormatError.newer) ?? .notACatalogue
    }
    let checked = version < CatalogueFormat.checkedVersions
    let end = CatalogueFormat.headerSize - (checked ? CatalogueFormat.checkWidth : 0)
    guard
      !checked
        || CatalogueFormat.hex(bytes, at: end, count: 8) == UInt64(CRC32.checksum(.init(rebasing: bytes[0..<end])))
    else { throw .damaged("the header fails its check") }
    var reader = JSONReader(bytes, range: (magic + 1)..<end)
    let header: CatalogueHeader
    do throws(JSONReader.Failure) {
      header = try Self.read(&reader)
    } catch {
      throw .damaged("the header does not read (\(error))")
    }
    guard (header.checks != nil) == checked, (header.counts != nil) == (header.known != nil) else {
      throw .damaged("the header's checksums or counts do not fit its format")
    }
    return header
  }

  private var sections: [Range<Int>] {
    [records, ids, names, comics, comicIndex] + [counts, checks].compactMap { $0 }
  }

  // Read by JSONReader: JSONDecoder's set-up cost every command 1M instructions. Every key but
  // updatedAt and checks is required; the first of a repeated key counts; unknown keys are passed over.
  private static func read(_ reader: inout JSONReader) throws(JSONReader.Failure) -> CatalogueHeader {
    func range() throws(JSONReader.Failure) -> Range<Int> {
      try reader.beginArray()
      guard try reader.nextItem(), case let lower = try reader.int(), try reader.nextItem(),
        case let upper = try reader.int(), try !reader.nextItem(), lower <= upper
      else { throw reader.failure("expected a range") }
      return lower..<upper
    }
    func origins() throws(JSONReader.Failure) -> OriginCounts {
      var counts: [String: Int] = [:]
      try reader.beginObject()
      while let key = try reader.nextKey() {
        let name = key.string
        if counts[name] == nil, ["bundled", "api", "import"].contains(name) {
          counts[name] = try reader.int()
        } else {
          try reader.skipValue()
        }
      }
      guard let bundled = counts["bundled"], let api = counts["api"], let imported = counts["import"] else {
        throw reader.failure("expected the counts of every origin")
      }
      return OriginCounts(bundled: bundled, api: api, imported: imported)
    }
    var header = CatalogueHeader()
    var seen: Set<String> = []
    try reader.beginObject()
    while let key = try reader.nextKey() {
      let name = key.string
      guard seen.insert(name).inserted else {
        try reader.skipValue()
        continue
      }
      switch name {
      case "count": header.count = try reader.int()
      case "records": header.records = try range()
      case "ids": header.ids = try range()
      case "names": header.names = try range()
      case "comics": header.comics = try range()
      case "comicIndex": header.comicIndex = try range()
      case "comicCount": header.comicCount = try reader.int()
      case "bundled": header.bundled = try reader.string()
      case "heroes": header.heroes = try origins()
      case "comicsByOrigin": header.comicsByOrigin = try origins()
      case "updatedAt" where !reader.skipNull():
        // Seconds since 1970; text in the format-2 files of the previous release.
        let date =
          if let seconds = try? reader.int() { MarvelDate.seconds(seconds) } else {
            MarvelDate.parse(try reader.string())
          }
        guard let date else {
          throw reader.failure("updatedAt is not a date")
        }
        header.updatedAt = date
      case "checks" where !reader.skipNull(): header.checks = try range()
      case "counts" where !reader.skipNull(): header.counts = try range()
      case "known" where !reader.skipNull():
        var known: [Int] = []
        try reader.beginArray()
        while try reader.nextItem() { known.append(try reader.int()) }
        header.known = known
      case "updatedAt", "checks", "counts", "known": break
      default: try reader.skipValue()
      }
    }
    let required = [
      "count", "records", "ids", "names", "comics", "comicIndex", "comicCount", "bundled", "heroes", "comicsByOrigin",
    ]
    guard reader.isAtEnd(), seen.isSuperset(of: required) else {
      throw reader.failure("a key is missing, or text follows")
    }
    return header
  }

  /// Every later computation trusts the numbers, so one that does not agree is damage, never a
  /// trap or a lie on screen; the arithmetic is checked.
  private func checkAgreement(fileSize: Int) throws(CatalogueFormatError) {
    // The sections follow each other in the writer's order (checked first, so no size below can
    // overflow), the last ending where the file does: a byte added or taken away is damage.
    let sections = self.sections
    guard sections.allSatisfy({ $0.lowerBound >= CatalogueFormat.headerSize && $0.upperBound <= fileSize }) else {
      throw .damaged("a section of the header lies outside the file")
    }
    guard records.lowerBound == CatalogueFormat.headerSize, sections.last?.upperBound == fileSize,
      zip(sections, sections.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound })
    else { throw .damaged("the header's sections do not tile the file") }
    guard count >= 0, comicCount >= 0 else { throw .damaged("the header counts fewer than no heroes or comics") }
    let (idBytes, idOverflow) = count.multipliedReportingOverflow(by: CatalogueFormat.idEntryWidth)
    let (nameBytes, nameOverflow) = count.multipliedReportingOverflow(by: CatalogueFormat.nameEntryWidth)
    guard !idOverflow, !nameOverflow, ids.count == idBytes, names.count == nameBytes,
      comicIndex.count % CatalogueFormat.comicEntryWidth == 0, countsAgree,
      checks.map({ $0.count == checkLines * CatalogueFormat.checkWidth }) ?? true
    else { throw .damaged("the index sizes do not match the count") }
    // Every hero has a record line, every comic a comic line: at least one byte each.
    guard count <= records.count, comicCount <= comics.count else {
      throw .damaged("the header counts more heroes or comics than the file can hold")
    }
    guard heroes.total == count, comicsByOrigin.total == comicCount else {
      throw .damaged("the counts by origin do not add up to the totals")
    }
  }

  init() {}

  /// Its header line's checksum must hold: a damaged version digit (`5` become `7`) is damage,
  /// never a newer squad's file.
  private static func newerFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let prefix = Array("squad-catalogue ".utf8)
    let end = CatalogueFormat.headerSize - CatalogueFormat.checkWidth
    guard bytes.count >= CatalogueFormat.headerSize, bytes.starts(with: prefix),
      let newline = bytes.prefix(40).firstIndex(of: UInt8(ascii: "\n")),
      let version = Int(String(decoding: bytes[prefix.count..<newline], as: UTF8.self)),
      let newest = Int(CatalogueFormat.magic.dropFirst(prefix.count)), version > newest,
      CatalogueFormat.hex(bytes, at: end, count: 8) == UInt64(CRC32.checksum(.init(rebasing: bytes[0..<end])))
    else { return nil }
    return version
  }

  private var countsAgree: Bool {
    guard let counts, let known else { return true }
    guard known.count == 4, known.allSatisfy({ (0...count).contains($0) }) else { return false }
    let (bytes, overflow) = known.reduce(0, +).multipliedReportingOverflow(by: CatalogueFormat.countEntryWidth)
    return !overflow && counts.count == bytes
  }

  var countEntries: Int { known?.reduce(0, +) ?? 0 }

  private var checkLines: Int {
    2 * Self.blocks(count) + Self.blocks(comicIndex.count / CatalogueFormat.comicEntryWidth)
      + Self.blocks(countEntries)
  }

  static func blocks(_ entries: Int) -> Int {
    (entries + CatalogueFormat.blockEntries - 1) / CatalogueFormat.blockEntries
  }
}

/// Heroes or comics by origin, as the header counts them: `{"bundled": …, "api": …, "import": …}`.
struct OriginCounts: Encodable, Equatable, Sendable {
  var bundled = 0
  var api = 0
  var imported = 0

  private enum CodingKeys: String, CodingKey {
    case bundled, api
    case imported = "import"
  }

  subscript(origin: HeroOrigin) -> Int {
    get { origin == .bundled ? bundled : origin == .api ? api : imported }
    set {
      switch origin {
      case .bundled: bundled = newValue
      case .api: api = newValue
      case .imported: imported = newValue
      }
    }
  }

  var byOrigin: [HeroOrigin: Int] { HeroOrigin.allCases.reduce(into: [:]) { if self[$1] > 0 { $0[$1] = self[$1] } } }

  /// Nil when a count is below 0 or the sum does not fit.
  var total: Int? {
    guard bundled >= 0, api >= 0, imported >= 0 else { return nil }
    let (partial, first) = bundled.addingReportingOverflow(api)
    let (sum, second) = partial.addingReportingOverflow(imported)
    return first || second ? nil : sum
  }
}

enum CatalogueFormatError: Error, Equatable {
  case notACatalogue
  case damaged(String)
  /// Never taken for damage, so never set aside.
  case newer(Int)

  var description: String {
    switch self {
    case .notACatalogue: return "not a squad catalogue"
    case .damaged(let detail): return detail
    case .newer(let version): return "written by a newer squad (format \(version))"
    }
  }
}
