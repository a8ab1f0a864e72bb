import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A catalogue file (``CatalogueFormat``) read in place: heroes found by bisection of its
/// fixed-width indexes, each record parsed only when asked for.
///
/// Nothing here trusts the file beyond its header's bounds (which ``CatalogueHeader`` checks
/// against the file): a record or entry that does not read, a record that breaks the record rule
/// (``HeroLimits``) and an id entry leading to another hero are skipped, so a damaged file gives
/// fewer answers, never a crash or a wrong hero.
final class CatalogueIndex: Sendable {
  let bytes: SharedBytes
  let header: CatalogueHeader

  /// Reads the header of `bytes`; throws when they are not a catalogue or it is damaged.
  init(_ bytes: SharedBytes) throws(CatalogueFormatError) {
    self.bytes = bytes
    header = try bytes.withBytes { (buffer) throws(CatalogueFormatError) in try CatalogueHeader(reading: buffer) }
  }

  /// An index of nothing.
  init(empty: Void) {
    bytes = SharedBytes([])
    header = CatalogueHeader()
  }

  /// How many heroes it holds.
  var count: Int { header.count }

  /// The hero at `position` in name order, and where it came from.
  func entry(at position: Int) -> (hero: Hero, origin: HeroOrigin)? {
    bytes.withBytes { buffer in
      guard let offset = nameOffset(buffer, position) else { return nil }
      return record(buffer, at: offset)
    }
  }

  /// The hero with this id.
  func entry(id: HeroID) -> (hero: Hero, origin: HeroOrigin)? {
    bytes.withBytes { buffer in
      let wanted = CatalogueFormat.idKey(id.rawValue)
      func start(_ index: Int) -> Int { header.ids.lowerBound + index * CatalogueFormat.idEntryWidth }
      let position = Self.bisect(header.count) {
        (CatalogueFormat.hex(buffer, at: start($0), count: 16) ?? .max) < wanted
      }
      // An entry that leads to another hero's record is a damaged index: not found, never the
      // wrong hero.
      guard position < header.count, CatalogueFormat.hex(buffer, at: start(position), count: 16) == wanted,
        let offset = CatalogueFormat.hex(buffer, at: start(position) + 16, count: 12),
        let found = record(buffer, at: Int(offset)), found.hero.id == id
      else { return nil }
      return found
    }
  }

  /// The positions, in name order, of the heroes whose folded name starts with `prefix`
  /// (``HeroName/folded(_:)``); every position for an empty prefix.
  func positions(prefix: String) -> Range<Int> {
    let wanted = Array(prefix.utf8)
    guard !wanted.isEmpty else { return 0..<header.count }
    return bytes.withBytes { buffer in
      // Keys before the range compare below the prefix; keys after it, above and not starting with it.
      let lower = bisect(buffer) { compareKey($0, wanted) < 0 }
      let upper = bisect(buffer) { compareKey($0, wanted) <= 0 }
      return lower..<max(lower, upper)
    }
  }

  /// Every hero in name order, with its origin, read one record at a time.
  func eachHero(_ body: (Hero, HeroOrigin) -> Void) {
    bytes.withBytes { buffer in
      var offset = header.records.lowerBound
      while offset < header.records.upperBound {
        let end = lineEnd(buffer, from: offset, limit: header.records.upperBound)
        if let (hero, origin) = record(buffer, at: offset) { body(hero, origin) }
        offset = end + 1
      }
    }
  }

  /// Every hero's folded name (the `k` member) as UTF-8, in name order; reads no other member.
  func forEachFoldedName(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withBytes { buffer in
      for position in 0..<header.count {
        // A record that does not read keeps its place, with a name nothing matches.
        guard let key = key(buffer, position) else {
          body(UnsafeBufferPointer(start: nil, count: 0))
          continue
        }
        key.withUTF8(body)
      }
    }
  }

  /// The comics featuring the hero, newest on-sale first.
  func comics(of id: HeroID) -> [Comic] {
    bytes.withBytes { buffer in
      let wanted = CatalogueFormat.idKey(id.rawValue)
      let width = CatalogueFormat.comicEntryWidth
      let entries = header.comicIndex.count / width
      func character(_ index: Int) -> UInt64 {
        CatalogueFormat.hex(buffer, at: header.comicIndex.lowerBound + index * width, count: 16) ?? .max
      }
      var comics: [Comic] = []
      var index = Self.bisect(entries) { character($0) < wanted }
      while index < entries, character(index) == wanted {
        let start = header.comicIndex.lowerBound + index * width
        if let offset = CatalogueFormat.hex(buffer, at: start + 32, count: 12), header.comics.contains(Int(offset)),
          let line = comicLine(buffer, at: Int(offset))
        {
          comics.append(line.comic)
        }
        index += 1
      }
      return comics
    }
  }

  /// Every comic with its origin, in file order.
  func forEachComic(_ body: (Comic.Line) -> Void) {
    bytes.withBytes { buffer in
      var offset = header.comics.lowerBound
      while offset < header.comics.upperBound {
        if let line = comicLine(buffer, at: offset) { body(line) }
        offset = lineEnd(buffer, from: offset, limit: header.comics.upperBound) + 1
      }
    }
  }

  /// The comic line at `offset` (comic lines are read by the one comic rule, ``ComicDTO``).
  private func comicLine(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Comic.Line? {
    let end = lineEnd(buffer, from: offset, limit: header.comics.upperBound)
    return try? JSONDecoder().decode(Comic.Line.self, from: Data(buffer[offset..<end]))
  }

  // MARK: - Reading entries

  private func nameOffset(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int? {
    guard position >= 0, position < header.count else { return nil }
    let start = header.names.lowerBound + position * CatalogueFormat.nameEntryWidth
    guard let offset = CatalogueFormat.hex(buffer, at: start, count: 12), header.records.contains(Int(offset)) else {
      return nil
    }
    return Int(offset)
  }

  private func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from offset: Int, limit: Int) -> Int {
    guard let base = buffer.baseAddress, offset < limit,
      let newline = memchr(base + offset, 0x0A, limit - offset)
    else { return limit }
    return UnsafeRawPointer(newline) - UnsafeRawPointer(base)
  }

  private func record(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> (hero: Hero, origin: HeroOrigin)? {
    guard header.records.contains(offset) else { return nil }
    let end = lineEnd(buffer, from: offset, limit: header.records.upperBound)
    var reader = JSONReader(buffer, range: offset..<end)
    guard let hero = try? Hero(reading: &reader, source: bytes), let lead = Self.lead(buffer, offset..<end) else {
      return nil
    }
    return (hero, lead.origin)
  }

  /// The name key (`k`) and origin (`src`) of the record line at `range`, which the writer puts
  /// first and second; nil when they are not there.
  static func lead(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (key: JSONKey, origin: HeroOrigin)? {
    var reader = JSONReader(buffer, range: range)
    guard (try? reader.beginObject()) != nil, let first = try? reader.nextKey(), first == "k",
      let key = try? reader.rawStringValue(), let second = try? reader.nextKey(), second == "src",
      let source = try? reader.string()
    else { return nil }
    return (key, HeroOrigin(rawValue: source) ?? .api)
  }

  /// The first position whose key fails `isBefore` (all keys that pass come first).
  private func bisect(_ buffer: UnsafeBufferPointer<UInt8>, isBefore: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int {
    Self.bisect(header.count) { key(buffer, $0).map { $0.withUTF8(isBefore) } ?? false }
  }

  /// The first of `count` positions that fails `isBefore` (all positions that pass come first).
  private static func bisect(_ count: Int, isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The `k` member of the record at `position`.
  private func key(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int) -> JSONKey? {
    guard let offset = nameOffset(buffer, position) else { return nil }
    return Self.lead(buffer, offset..<lineEnd(buffer, from: offset, limit: header.records.upperBound))?.key
  }

  /// Compares a key with a prefix: 0 when the key starts with it, else the order of the two.
  private func compareKey(_ key: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Int {
    let common = min(key.count, prefix.count)
    for index in 0..<common where key[index] != prefix[index] { return key[index] < prefix[index] ? -1 : 1 }
    return key.count >= prefix.count ? 0 : -1
  }
}
