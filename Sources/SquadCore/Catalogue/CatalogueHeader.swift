import Foundation

/// The header line of a catalogue file: where each section is, and what the file holds.
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
    func range(_ range: Range<Int>) -> JSONValue { .array([.int(range.lowerBound), .int(range.upperBound)]) }
    func origins(_ counts: [HeroOrigin: Int]) -> JSONValue {
      .object(HeroOrigin.allCases.map { ($0.label, .int(counts[$0] ?? 0)) })
    }
    var fields: [(String, JSONValue)] = [
      ("count", .int(count)), ("records", range(records)), ("ids", range(ids)), ("names", range(names)),
      ("comics", range(comics)), ("comicIndex", range(comicIndex)), ("comicCount", .int(comicCount)),
      ("bundled", .string(bundled)), ("heroes", origins(heroesByOrigin)), ("comicsByOrigin", origins(comicsByOrigin)),
    ]
    if let updatedAt { fields.append(("updatedAt", .string(MarvelDate.iso8601(updatedAt)))) }
    var line = Array(CatalogueFormat.magic.utf8) + [UInt8(ascii: "\n")]
    line += Array(JSONValue.object(fields).encoded().utf8)
    while line.count < CatalogueFormat.headerSize - 1 { line.append(UInt8(ascii: " ")) }
    line.append(UInt8(ascii: "\n"))
    return line
  }

  /// Reads and checks the header of a catalogue file of `size` bytes.
  init(reading bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueFormatError) {
    let magic = Array(CatalogueFormat.magic.utf8)
    guard bytes.count >= CatalogueFormat.headerSize, Array(bytes[0..<magic.count]) == magic,
      bytes[magic.count] == UInt8(ascii: "\n")
    else {
      throw .notACatalogue
    }
    let json = UnsafeBufferPointer(rebasing: bytes[(magic.count + 1)..<CatalogueFormat.headerSize])
    guard let value = try? JSONParser.parse(Array(json)) else { throw .damaged("the header is not JSON") }
    func int(_ key: String) throws(CatalogueFormatError) -> Int {
      guard case .int(let number)? = value[key], number >= 0 else { throw .damaged("the header has no \(key)") }
      return number
    }
    func range(_ key: String) throws(CatalogueFormatError) -> Range<Int> {
      guard case .array(let ends)? = value[key], ends.count == 2, case .int(let start) = ends[0],
        case .int(let end) = ends[1],
        start >= CatalogueFormat.headerSize, start <= end, end <= bytes.count
      else { throw .damaged("the header's \(key) section is out of bounds") }
      return start..<end
    }
    func origins(_ key: String) throws(CatalogueFormatError) -> [HeroOrigin: Int] {
      var counts: [HeroOrigin: Int] = [:]
      for origin in HeroOrigin.allCases {
        guard let member = value[key]?[origin.label] else { continue }
        guard case .int(let number) = member, number >= 0 else {
          throw .damaged("the header's \(key) count for \(origin.label) is not a count")
        }
        if number > 0 { counts[origin] = number }
      }
      return counts
    }
    count = try int("count")
    records = try range("records")
    ids = try range("ids")
    names = try range("names")
    comics = try range("comics")
    comicIndex = try range("comicIndex")
    comicCount = try int("comicCount")
    if case .string(let text)? = value["bundled"] { bundled = text }
    if case .string(let text)? = value["updatedAt"] { updatedAt = MarvelDate.parse(text) }
    heroesByOrigin = try origins("heroes")
    comicsByOrigin = try origins("comicsByOrigin")
    try checkAgreement()
  }

  /// Checks that the header's numbers agree with each other and with the file: every later
  /// computation trusts them (entry `i` of an index is at `start + i × width`), so a number that
  /// does not agree makes the file damaged rather than a trap or a lie on screen. The arithmetic
  /// is checked, since the numbers come from a file.
  private func checkAgreement() throws(CatalogueFormatError) {
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
