import Foundation

/// The header line of a catalogue file: where each section is, and what the file holds. Read
/// and written with Foundation's coders; `updatedAt` is seconds since 1970 (text in the format-2
/// files of the previous release, which are read too).
struct CatalogueHeader: Equatable, Sendable {
  var count = 0
  var records = 0..<0
  var ids = 0..<0
  var names = 0..<0
  var comics = 0..<0
  var comicIndex = 0..<0
  var comicCount = 0
  var updatedAt: Date?
  /// The fingerprint of the bundled set the file includes.
  var bundled = ""
  /// Heroes and comics by origin.
  var heroesByOrigin: [HeroOrigin: Int] = [:]
  var comicsByOrigin: [HeroOrigin: Int] = [:]

  /// The header's two lines, padded to ``CatalogueFormat/headerSize``.
  func encoded() -> [UInt8] {
    var line = Array(CatalogueFormat.magic.utf8) + [UInt8(ascii: "\n")] + CompactJSON.encode(self)
    while line.count < CatalogueFormat.headerSize - 1 { line.append(UInt8(ascii: " ")) }
    line.append(UInt8(ascii: "\n"))
    return line
  }

  /// Reads and checks the header of a catalogue file (this format, or the previous release's).
  init(reading bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueFormatError) {
    let magic = CatalogueFormat.magic.utf8.count
    guard bytes.count >= CatalogueFormat.headerSize, bytes[magic] == UInt8(ascii: "\n"),
      CatalogueFormat.readable.contains(where: { $0.utf8.elementsEqual(bytes[0..<magic]) })
    else {
      throw .notACatalogue
    }
    do {
      self = try JSONDecoder().decode(Self.self, from: Data(bytes[(magic + 1)..<CatalogueFormat.headerSize]))
    } catch {
      throw .damaged("the header does not read (\(DecodingErrorText.describe(error)))")
    }
    try checkAgreement(fileSize: bytes.count)
  }

  /// Checks that the header's numbers agree with each other and with the file: every later
  /// computation trusts them (entry `i` of an index is at `start + i × width`), so a number that
  /// does not agree makes the file damaged rather than a trap or a lie on screen. The arithmetic
  /// is checked, since the numbers come from a file.
  private func checkAgreement(fileSize: Int) throws(CatalogueFormatError) {
    guard count >= 0, comicCount >= 0 else { throw .damaged("the header counts fewer than no heroes or comics") }
    let (idBytes, idOverflow) = count.multipliedReportingOverflow(by: CatalogueFormat.idEntryWidth)
    let (nameBytes, nameOverflow) = count.multipliedReportingOverflow(by: CatalogueFormat.nameEntryWidth)
    guard !idOverflow, !nameOverflow, ids.count == idBytes, names.count == nameBytes,
      comicIndex.count % CatalogueFormat.comicEntryWidth == 0
    else { throw .damaged("the index sizes do not match the count") }
    // The sections follow each other in this order, as the writer puts them.
    let sections = [records, ids, names, comics, comicIndex]
    guard records.lowerBound == CatalogueFormat.headerSize,
      zip(sections, sections.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound })
    else { throw .damaged("the header's sections overlap or leave gaps") }
    guard comicIndex.upperBound <= fileSize else { throw .damaged("the header's sections pass the end of the file") }
    // Every hero has a record line, every comic a comic line: at least one byte each.
    guard count <= records.count, comicCount <= comics.count else {
      throw .damaged("the header counts more heroes or comics than the file can hold")
    }
    guard Self.sum(heroesByOrigin) == count, Self.sum(comicsByOrigin) == comicCount else {
      throw .damaged("the counts by origin do not add up to the totals")
    }
  }

  /// The sum of counts; nil when it does not fit.
  private static func sum(_ counts: [HeroOrigin: Int]) -> Int? {
    var total = 0
    for value in counts.values {
      let (sum, overflow) = total.addingReportingOverflow(value)
      guard !overflow else { return nil }
      total = sum
    }
    return total
  }

  init() {}
}

extension CatalogueHeader: Codable {
  private enum Key: String, CodingKey {
    case count, records, ids, names, comics, comicIndex, comicCount, bundled, heroes, comicsByOrigin, updatedAt
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    count = try container.decode(Int.self, forKey: .count)
    records = try container.decode(Range<Int>.self, forKey: .records)
    ids = try container.decode(Range<Int>.self, forKey: .ids)
    names = try container.decode(Range<Int>.self, forKey: .names)
    comics = try container.decode(Range<Int>.self, forKey: .comics)
    comicIndex = try container.decode(Range<Int>.self, forKey: .comicIndex)
    comicCount = try container.decode(Int.self, forKey: .comicCount)
    bundled = try container.decodeIfPresent(String.self, forKey: .bundled) ?? ""
    heroesByOrigin = try Self.origins(container.decode([String: Int].self, forKey: .heroes))
    comicsByOrigin = try Self.origins(container.decode([String: Int].self, forKey: .comicsByOrigin))
    if let seconds = try? container.decodeIfPresent(Int.self, forKey: .updatedAt) {
      updatedAt = Date(timeIntervalSince1970: Double(seconds))
    } else {
      updatedAt = (try? container.decodeIfPresent(String.self, forKey: .updatedAt)).flatMap(MarvelDate.parse)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (key, value) in [(Key.count, count), (.comicCount, comicCount)] { try container.encode(value, forKey: key) }
    for (key, range) in [
      (Key.records, records), (.ids, ids), (.names, names), (.comics, comics), (.comicIndex, comicIndex),
    ] {
      try container.encode(range, forKey: key)
    }
    try container.encode(bundled, forKey: .bundled)
    let labels = { (counts: [HeroOrigin: Int]) in
      Dictionary(uniqueKeysWithValues: HeroOrigin.allCases.map { ($0.label, counts[$0] ?? 0) })
    }
    try container.encode(labels(heroesByOrigin), forKey: .heroes)
    try container.encode(labels(comicsByOrigin), forKey: .comicsByOrigin)
    try container.encodeIfPresent(updatedAt.map { Int($0.timeIntervalSince1970.rounded(.down)) }, forKey: .updatedAt)
  }

  /// Counts by origin label (`bundled`, `api`, `import`), none negative; zeros left out.
  private static func origins(_ counts: [String: Int]) throws -> [HeroOrigin: Int] {
    var found: [HeroOrigin: Int] = [:]
    for origin in HeroOrigin.allCases {
      guard let number = counts[origin.label] else { continue }
      guard number >= 0 else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a count below 0 by origin"))
      }
      if number > 0 { found[origin] = number }
    }
    return found
  }
}

/// Why bytes are not a usable catalogue.
enum CatalogueFormatError: Error, Equatable {
  /// Not this format at all (an older `catalogue.json`, or another file).
  case notACatalogue
  /// This format, but broken.
  case damaged(String)

  var description: String {
    switch self {
    case .notACatalogue: return "not a squad catalogue"
    case .damaged(let detail): return "damaged: \(detail)"
    }
  }
}
