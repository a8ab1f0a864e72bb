import Foundation

/// Makes a catalogue file: the heroes of an existing catalogue (copied as they are), merged with
/// new ones as they come (``HeroMerge``), written once in ``CatalogueFormat``.
///
/// New records go to a ``RecordSpool`` as soon as they are merged, so the builder holds only a
/// small entry per hero (its name key, id and where its record is): a sync of 100,000 heroes
/// stays in bounded memory.
final class CatalogueBuilder {
  private struct Entry {
    var key: String
    var id: Int
    var origin: HeroOrigin
    var line: Location
  }

  private enum Location {
    case base(Range<Int>)
    case spool(Range<Int>)

    var count: Int {
      switch self {
      case .base(let range), .spool(let range): return range.count
      }
    }
  }

  private let base: CatalogueIndex?
  private let spool: RecordSpool
  private var entries: [Entry] = []
  private var positions: [Int: Int] = [:]
  private var comics: [Int: (comic: Comic, origin: HeroOrigin)] = [:]
  /// Records of the base that did not read (``HeroLimits``, a cut line, a repeated id) and are
  /// not copied forward.
  private(set) var droppedRecords = 0
  // Where each hero merged so far was before its first merge (nil: it is new), so a report can
  // compare the end result with the start, whatever happened in between.
  private var before: [Int: Location?] = [:]
  // The bytes the records and comics will take, kept as merges go, so that a bound on the
  // catalogue (``CatalogueLimits``) is checked without building it.
  private var recordBytes = 0
  private var comicBytes = 0

  /// A builder starting from `base` (nil: empty), spooling new records to a temporary file in
  /// `spoolFolder` (nil: memory).
  init(base: CatalogueIndex?, spoolFolder: String? = nil) {
    self.base = base
    spool = RecordSpool(folder: spoolFolder)
    guard let base else { return }
    entries.reserveCapacity(base.count)
    base.bytes.withBytes { buffer in
      var offset = base.header.records.lowerBound
      let end = base.header.records.upperBound
      while offset < end {
        var lineEnd = offset
        while lineEnd < end, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        // Only records that read as a hero under the record rule (``HeroLimits``) are copied
        // forward, so a damaged record is dropped by the next write rather than kept forever. A
        // last line with no newline before the section ends is cut short: damaged too.
        var reader = JSONReader(buffer, range: offset..<lineEnd)
        if lineEnd < end, let hero = try? Hero(reading: &reader, source: base.bytes),
          let lead = CatalogueIndex.lead(buffer, offset..<lineEnd), positions[hero.id.rawValue] == nil
        {
          let (id, key, origin) = (hero.id.rawValue, lead.key.string, lead.origin)
          positions[id] = entries.count
          // A key folded by an earlier rule (a name starting with a zero-width character) is folded again.
          let stale = !key.utf8.allSatisfy { $0 < 0x80 } && key != HeroName.folded(hero.name)
          let line =
            stale ? .spool(spool.append(Self.line(hero, origin: origin))) : Location.base(offset..<(lineEnd + 1))
          entries.append(Entry(key: stale ? HeroName.folded(hero.name) : key, id: id, origin: origin, line: line))
          recordBytes += line.count
        } else {
          droppedRecords += 1
        }
        offset = lineEnd + 1
      }
    }
    base.forEachComic { line in
      comics[line.comic.id] = (line.comic, line.origin)
      comicBytes += Self.size(of: line.comic)
    }
  }

  /// How many heroes the catalogue will hold.
  var count: Int { entries.count }

  /// Merges one hero in and says what that did.
  @discardableResult
  func merge(_ hero: Hero, origin: HeroOrigin) -> HeroMerge.Outcome {
    guard let position = positions[hero.id.rawValue] else {
      before[hero.id.rawValue] = .some(nil)
      append(hero, origin: origin)
      return .added
    }
    if before[hero.id.rawValue] == nil { before[hero.id.rawValue] = .some(entries[position].line) }
    guard let known = self.hero(at: position) else { return .unchanged }
    let stored = HeroMerge.merged(known, hero)
    let outcome: HeroMerge.Outcome = stored == known ? .unchanged : .updated
    let label = Self.label(origin, hero, over: known, from: entries[position].origin)
    if outcome == .updated || label != entries[position].origin {
      let line = Self.line(stored, origin: label)
      recordBytes += line.count - entries[position].line.count
      entries[position].line = .spool(spool.append(line))
      entries[position].key = HeroName.folded(stored.name)
      entries[position].origin = label
    }
    return outcome
  }

  /// The origin a merged record is labelled with: the winner's (``HeroMerge/incomingWins(_:_:)``).
  /// A record from the API or an import that is not older is theirs even when it brings nothing
  /// new (so a response-cache entry can stand for it, see ``LeanCacheItem``); a newer bundled
  /// record stays bundled, whatever fields the other filled in.
  static func label(_ incoming: HeroOrigin, _ hero: Hero, over known: Hero, from origin: HeroOrigin) -> HeroOrigin {
    HeroMerge.incomingWins(known, hero) ? incoming : origin
  }

  /// Puts back a hero the catalogue lost (a bundled hero whose stored record was damaged) when it
  /// holds none with that id; not counted in the reports, since nothing new came in.
  func restore(_ hero: Hero, origin: HeroOrigin) {
    if positions[hero.id.rawValue] == nil { append(hero, origin: origin) }
  }

  /// Adds a hero the builder does not hold yet.
  private func append(_ hero: Hero, origin: HeroOrigin) {
    positions[hero.id.rawValue] = entries.count
    let line = Self.line(hero, origin: origin)
    recordBytes += line.count
    entries.append(
      Entry(key: HeroName.folded(hero.name), id: hero.id.rawValue, origin: origin, line: .spool(spool.append(line))))
  }

  /// Merges a comic in: a known comic takes the new title and date and the union of characters.
  @discardableResult
  func merge(_ comic: Comic, origin: HeroOrigin) -> HeroMerge.Outcome {
    guard let known = comics[comic.id] else {
      comics[comic.id] = (comic, origin)
      comicBytes += Self.size(of: comic)
      return .added
    }
    var merged = comic
    if merged.onSale == nil { merged.onSale = known.comic.onSale }
    merged.characters = known.comic.characters + comic.characters.filter { !known.comic.characters.contains($0) }
    guard merged != known.comic else { return .unchanged }
    comicBytes += Self.size(of: merged) - Self.size(of: known.comic)
    comics[comic.id] = (merged, origin)
    return .updated
  }

  /// What is wrong with the size of the catalogue as built so far (``CatalogueLimits``), or nil.
  func limitProblem() -> String? {
    CatalogueLimits.problem(heroes: count, comics: comics.count, bytes: size)
  }

  /// The bytes the catalogue file will take, as built so far.
  var size: Int {
    CatalogueFormat.headerSize + recordBytes + count * (CatalogueFormat.idEntryWidth + CatalogueFormat.nameEntryWidth)
      + comicBytes
  }

  /// Forgets how the merges so far went, so that a report counts only what follows: what the
  /// store merges while preparing the builder (a previous release's heroes, a new bundled set)
  /// was there before the command, not brought by it.
  func startReport() {
    before = [:]
  }

  /// How the heroes merged so far compare with what the catalogue held before: new, changed, or
  /// the same (even when records in between said otherwise).
  func heroOutcomes() -> [HeroMerge.Outcome: Int] {
    var counts: [HeroMerge.Outcome: Int] = [:]
    for (id, start) in before {
      guard let start else {
        counts[.added, default: 0] += 1
        continue
      }
      guard let position = positions[id] else { continue }
      let same: Bool
      switch (start, entries[position].line) {
      case (.base(let old), .base(let new)): same = old == new
      default: same = hero(at: start) == hero(at: position)
      }
      counts[same ? .unchanged : .updated, default: 0] += 1
    }
    return counts
  }

  /// Entry positions in name-key order (bytes), then id.
  func sortedEntries() -> [Int] {
    entries.indices.sorted { left, right in
      let leftKey = entries[left].key.utf8
      let rightKey = entries[right].key.utf8
      if leftKey.elementsEqual(rightKey) { return entries[left].id < entries[right].id }
      return leftKey.lexicographicallyPrecedes(rightKey)
    }
  }

  /// The id of the entry at a position.
  func idOf(_ position: Int) -> Int { entries[position].id }

  /// Hands over each record line, newline included, in the given order. Spooled records are
  /// read one at a time (not mapped), so a build's memory does not grow with the spool.
  func recordLines(_ order: [Int], _ body: (Int, [UInt8], HeroOrigin) throws(PersistenceError) -> Void)
    throws(PersistenceError)
  {
    let baseBytes = base?.bytes ?? SharedBytes([])
    try baseBytes.withBytes { (baseBuffer) throws(PersistenceError) in
      for position in order {
        let entry = entries[position]
        switch entry.line {
        case .base(let range):
          guard range.upperBound <= baseBuffer.count else { continue }
          try body(position, Array(baseBuffer[range]), entry.origin)
        case .spool(let range):
          let line = spool.read(range)
          guard line.count == range.count else { continue }
          try body(position, line, entry.origin)
        }
      }
    }
    // A spooled record that did not read back (here or while merging) is an error, never a hero left out.
    if let failure = spool.failure { throw failure }
  }

  /// The comics, by id.
  func storedComics() -> [(Comic, HeroOrigin)] {
    comics.keys.sorted().compactMap { id in comics[id].map { ($0.comic, $0.origin) } }
  }

  /// The bytes a comic takes in the file: its line and its index entries.
  private static func size(of comic: Comic) -> Int {
    Comic.Line(comic, origin: .imported).bytes.count + Set(comic.characters).count * CatalogueFormat.comicEntryWidth
  }

  /// The hero at an entry position, read back from where its record is.
  private func hero(at position: Int) -> Hero? { hero(at: entries[position].line) }

  private func hero(at location: Location) -> Hero? {
    let bytes: [UInt8]
    switch location {
    case .base(let range):
      guard let base else { return nil }
      bytes = base.bytes.withBytes { Array($0[range]) }
    case .spool(let range):
      bytes = spool.read(range)
    }
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return try? Hero(reading: &reader)
    }
  }

  /// The record line of a hero: its name key first and its origin second, as the index reads them.
  static func line(_ hero: Hero, origin: HeroOrigin) -> [UInt8] {
    guard case .object(let fields) = hero.record else { return [] }
    let record = JSONValue.object(
      [("k", .string(HeroName.folded(hero.name))), ("src", .string(origin.rawValue))] + fields)
    return Array(record.encoded().utf8) + [UInt8(ascii: "\n")]
  }
}
