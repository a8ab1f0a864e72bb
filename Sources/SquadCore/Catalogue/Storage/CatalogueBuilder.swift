import Foundation

/// Makes a catalogue file: an existing catalogue's records merged with new ones, written once.
/// New records go to a ``RecordSpool``, so a sync of 100,000 heroes stays in bounded memory.
final class CatalogueBuilder {
  private struct Entry {
    var key: String
    var id: Int
    var origin: HeroOrigin
    var line: Location
    var counts: HeroCounts
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

  private let base: SharedBytes?
  private let spool: RecordSpool
  private var entries: [Entry] = []
  private var positions: [Int: Int] = [:]
  private var comics: [Int: (comic: Comic, origin: HeroOrigin)] = [:]
  /// Records and comics of the base not copied forward (damaged); of a file salvaged whole, the
  /// lines that start as a record does.
  private(set) var droppedRecords = 0
  /// Of a file salvaged whole only; elsewhere a damaged comic is one of ``droppedRecords``.
  private(set) var droppedComics = 0
  // Where each hero merged so far was before its first merge (nil: it is new).
  private var before: [Int: Location?] = [:]
  /// Since ``startReport()``.
  private(set) var changed = false
  // Kept as merges go, so ``CatalogueLimits`` is checked without building the file.
  private var recordBytes = 0
  private var comicBytes = 0
  private var comicEntries = 0
  private var countEntries = 0

  /// `spoolFolder` nil: new records stay in memory.
  convenience init(base: CatalogueIndex?, spoolFolder: String? = nil) {
    let sections = base.map { ($0.header.records, $0.header.comics) }
    self.init(bytes: base?.bytes, sections, checked: base?.checked ?? false, spoolFolder: spoolFolder)
  }

  /// Every intact line of a file whose header does not read, as SQLite's `.recover` salvages rows.
  /// In format 2 or 3 a line that reads is intact.
  convenience init(salvaging bytes: SharedBytes, spoolFolder: String? = nil) {
    let unchecked = bytes.withBytes { buffer in
      CatalogueFormat.readable.dropFirst(CatalogueFormat.checkedVersions).contains { buffer.starts(with: $0.utf8) }
    }
    self.init(bytes: bytes, nil, checked: !unchecked, spoolFolder: spoolFolder)
  }

  private init(
    bytes: SharedBytes?, _ sections: (records: Range<Int>, comics: Range<Int>)?, checked: Bool, spoolFolder: String?
  ) {
    base = bytes
    spool = RecordSpool(folder: spoolFolder)
    guard let bytes else { return }
    bytes.withBytes { buffer in
      if let sections {
        take(buffer, sections.records, checked: checked, records: true, counting: true)
        take(buffer, sections.comics, checked: checked, records: false, counting: true)
      } else {
        take(buffer, 0..<buffer.count, checked: checked, records: true, counting: false)
        // Records start after the header's fixed size, so a zeroed header takes none with it.
        let start = CatalogueFormat.headerSize
        if start < buffer.count, buffer[start - 1] != UInt8(ascii: "\n") {
          let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? buffer.count
          take(buffer, start..<end, checked: checked, records: true, counting: false)
        }
      }
    }
  }

  /// Only lines that hold their check and the record rule are copied forward; `counting`, the
  /// others go to ``droppedRecords`` (not `counting` is the salvage of a whole file).
  private func take(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, checked: Bool, records: Bool, counting: Bool
  ) {
    var offset = range.lowerBound
    while offset < range.upperBound {
      var end = offset
      while end < range.upperBound, buffer[end] != UInt8(ascii: "\n") { end += 1 }
      defer { offset = end + 1 }
      // Only the salvage passes over a CR: a copy through git's autocrlf or a Windows editor has them.
      let last = !counting && end > offset && buffer[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
      // A last line with no newline before the section ends is cut short: damaged too.
      if end < range.upperBound, let content = CatalogueFormat.content(buffer, offset..<last, checked: checked) {
        if records, let lead = CatalogueIndex.lead(buffer, content),
          let hero = CatalogueIndex.hero(buffer, content, whole: false), positions[hero.id.rawValue] == nil
        {
          let (key, origin) = (lead.key.string, lead.origin)
          // A key folded by an earlier rule is folded again, in a line written from the whole record.
          let stale = !key.utf8.allSatisfy { $0 < 0x80 } && key != HeroName.folded(hero.name)
          let rewritten = stale ? CatalogueIndex.hero(buffer, content, whole: true) : nil
          let line = rewritten.map { .spool(spool.append(Self.line($0, origin: origin))) } ?? Location.base(content)
          add(
            Entry(
              key: stale ? HeroName.folded(hero.name) : key, id: hero.id.rawValue, origin: origin, line: line,
              counts: hero.counts))
          continue
        }
        if !(records && counting), buffer[content].first == UInt8(ascii: "{"),
          let line = try? JSONDecoder().decode(Comic.Line.self, from: Data(buffer[content]))
        {
          comics[line.comic.id] = (line.comic, line.origin)
          account(line.comic, 1)
          continue
        }
      }
      if counting || (records && buffer[offset..<end].starts(with: Self.recordStart)) {
        droppedRecords += 1
      } else if buffer[offset..<end].starts(with: Self.comicStart) {
        droppedComics += 1
      }
    }
  }

  private static let recordStart = Array(#"{"k":"#.utf8)
  // A comic line's keys are sorted (``Comic/Line``): it starts with its characters.
  private static let comicStart = Array(#"{"characters":"#.utf8)

  var count: Int { entries.count }

  @discardableResult
  func merge(_ hero: Hero, origin: HeroOrigin) -> HeroMerge.Outcome {
    guard let position = positions[hero.id.rawValue] else {
      before[hero.id.rawValue] = .some(nil)
      append(hero, origin: origin)
      return .added
    }
    if before[hero.id.rawValue] == nil { before[hero.id.rawValue] = .some(entries[position].line) }
    guard let known = self.hero(at: entries[position].line) else { return .unchanged }
    let stored = HeroMerge.merged(known, hero)
    let outcome: HeroMerge.Outcome = stored == known ? .unchanged : .updated
    let label = Self.label(origin, hero, over: known, from: entries[position].origin)
    if outcome == .updated || label != entries[position].origin {
      changed = true
      let line = Self.line(stored, origin: label)
      recordBytes += line.count - entries[position].line.count
      entries[position].line = .spool(spool.append(line))
      entries[position].key = HeroName.folded(stored.name)
      entries[position].origin = label
      countEntries += stored.counts.known - entries[position].counts.known
      entries[position].counts = stored.counts
    }
    return outcome
  }

  /// The winner's origin: a record from the API or an import that is not older is theirs even
  /// when it brings nothing new (``LeanCacheItem``); a newer bundled record stays bundled.
  static func label(_ incoming: HeroOrigin, _ hero: Hero, over known: Hero, from origin: HeroOrigin) -> HeroOrigin {
    HeroMerge.incomingWins(known, hero) ? incoming : origin
  }

  func contains(_ id: HeroID) -> Bool { positions[id.rawValue] != nil }

  func restoreBundled() {
    BundledCatalogue.index.eachHero(whole: false) { hero, _ in
      if positions[hero.id.rawValue] == nil, let whole = BundledCatalogue.index.entry(id: hero.id) {
        append(whole.hero, origin: .bundled)
      }
    }
  }

  func eachHero(_ body: (Hero, HeroOrigin) -> Void) {
    for entry in entries { hero(at: entry.line).map { body($0, entry.origin) } }
  }

  private func append(_ hero: Hero, origin: HeroOrigin) {
    changed = true
    add(
      Entry(
        key: HeroName.folded(hero.name), id: hero.id.rawValue, origin: origin,
        line: .spool(spool.append(Self.line(hero, origin: origin))), counts: hero.counts))
  }

  private func add(_ entry: Entry) {
    positions[entry.id] = entries.count
    entries.append(entry)
    recordBytes += entry.line.count + CatalogueFormat.checkWidth + 1
    countEntries += entry.counts.known
  }

  /// Merges a comic in: a known comic takes the new title and date and the union of characters.
  @discardableResult
  func merge(_ comic: Comic, origin: HeroOrigin) -> HeroMerge.Outcome {
    guard let known = comics[comic.id] else {
      comics[comic.id] = (comic, origin)
      account(comic, 1)
      changed = true
      return .added
    }
    var merged = comic
    if merged.onSale == nil { merged.onSale = known.comic.onSale }
    merged.characters = known.comic.characters + comic.characters.filter { !known.comic.characters.contains($0) }
    guard merged != known.comic else { return .unchanged }
    account(merged, 1)
    account(known.comic, -1)
    comics[comic.id] = (merged, origin)
    changed = true
    return .updated
  }

  func limitProblem() -> String? {
    CatalogueLimits.problem(heroes: count, comics: comics.count, bytes: size)
  }

  var size: Int {
    CatalogueFormat.headerSize + recordBytes + count * (CatalogueFormat.idEntryWidth + CatalogueFormat.nameEntryWidth)
      + comicBytes + countEntries * CatalogueFormat.countEntryWidth
      + (2 * CatalogueHeader.blocks(count) + CatalogueHeader.blocks(comicEntries) + CatalogueHeader.blocks(countEntries))
      * CatalogueFormat.checkWidth
  }

  /// What the store merges while preparing the builder was there before the command, not brought by it.
  func startReport() {
    before = [:]
    changed = false
  }

  /// The end result against the start, whatever records in between said.
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
      default: same = hero(at: start) == hero(at: entries[position].line)
      }
      counts[same ? .unchanged : .updated, default: 0] += 1
    }
    return counts
  }

  private func sortedEntries() -> [Int] {
    entries.indices.sorted { left, right in
      let leftKey = entries[left].key.utf8
      let rightKey = entries[right].key.utf8
      if leftKey.elementsEqual(rightKey) { return entries[left].id < entries[right].id }
      return leftKey.lexicographicallyPrecedes(rightKey)
    }
  }

  /// Spooled records are read one at a time (not mapped), so memory does not grow with the spool.
  private func recordLines(_ order: [Int], _ body: (Int, [UInt8], HeroOrigin) throws(PersistenceError) -> Void)
    throws(PersistenceError)
  {
    let baseBytes = base ?? SharedBytes([])
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

  func storedComics() -> [(Comic, HeroOrigin)] {
    comics.keys.sorted().compactMap { id in comics[id].map { ($0.comic, $0.origin) } }
  }

  /// Of a file cut short: what its header counts less what was salvaged and what was damaged.
  func missing(from header: CatalogueHeader, comics: Int) -> (records: Int, comics: Int) {
    (max(0, header.count - count - droppedRecords), max(0, header.comicCount - comics - droppedComics))
  }

  private func account(_ comic: Comic, _ sign: Int) {
    let entries = Set(comic.characters).count
    comicEntries += sign * entries
    comicBytes +=
      sign
      * (Comic.Line(comic, origin: .imported).bytes.count + CatalogueFormat.checkWidth + 1 + entries
        * CatalogueFormat.comicEntryWidth)
  }

  private func hero(at location: Location) -> Hero? {
    let bytes: [UInt8]
    switch location {
    case .base(let range):
      guard let base else { return nil }
      bytes = base.withBytes { Array($0[range]) }
    case .spool(let range):
      bytes = spool.read(range)
    }
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return try? Hero(reading: &reader)
    }
  }

  /// Name key first and origin second, as the index reads them.
  static func line(_ hero: Hero, origin: HeroOrigin) -> [UInt8] {
    guard case .object(let fields) = hero.record else { return [] }
    let record = JSONValue.object(
      [("k", .string(HeroName.folded(hero.name))), ("src", .string(origin.rawValue))] + fields)
    return Array(record.encoded().utf8)
  }

  func write(updatedAt: Date?, bundled: String, to sink: inout some CatalogueSink) throws(PersistenceError) {
    MemoryRelease.returnFreedMemory()
    let order = sortedEntries()
    var header = CatalogueHeader()
    header.updatedAt = updatedAt
    header.bundled = bundled
    try sink.append([UInt8](repeating: UInt8(ascii: " "), count: CatalogueFormat.headerSize))
    var offset = CatalogueFormat.headerSize
    // A record that could not be read back is left out of indexes and counts alike.
    var written: [(id: Int, offset: Int)] = []
    written.reserveCapacity(order.count)
    var counts: [[Int]] = [[], [], [], []]
    var line: [UInt8] = []
    try recordLines(order) { (position, content, origin) throws(PersistenceError) in
      written.append((entries[position].id, offset))
      for (slot, value) in entries[position].counts.values.enumerated() { value.map { counts[slot].append($0) } }
      header.heroes[origin] += 1
      line.removeAll(keepingCapacity: true)
      CatalogueFormat.appendChecked(content, to: &line)
      try sink.append(line)
      offset += line.count
    }
    header.count = written.count
    header.records = CatalogueFormat.headerSize..<offset
    var index: [UInt8] = []
    index.reserveCapacity(written.count * CatalogueFormat.idEntryWidth)
    for entry in written.sorted(by: { $0.id < $1.id }) {
      CatalogueFormat.appendHex(CatalogueFormat.idKey(entry.id), digits: 16, to: &index)
      CatalogueFormat.appendHex(UInt64(entry.offset), digits: 12, to: &index)
      index.append(UInt8(ascii: "\n"))
    }
    var checks: [UInt8] = []
    header.ids = try Self.append(index, width: CatalogueFormat.idEntryWidth, &offset, &checks, to: &sink)
    index.removeAll(keepingCapacity: true)
    for entry in written {
      CatalogueFormat.appendHex(UInt64(entry.offset), digits: 12, to: &index)
      index.append(UInt8(ascii: "\n"))
    }
    header.names = try Self.append(index, width: CatalogueFormat.nameEntryWidth, &offset, &checks, to: &sink)
    try writeComics(&header, &offset, &checks, to: &sink)
    index.removeAll(keepingCapacity: true)
    for run in counts {
      for value in run.sorted() {
        CatalogueFormat.appendHex(UInt64(clamping: value), digits: 16, to: &index)
        index.append(UInt8(ascii: "\n"))
      }
    }
    header.counts = try Self.append(index, width: CatalogueFormat.countEntryWidth, &offset, &checks, to: &sink)
    header.known = counts.map(\.count)
    try sink.append(checks)
    header.checks = offset..<(offset + checks.count)
    try sink.finish(header: header.encoded())
  }

  private func writeComics(
    _ header: inout CatalogueHeader, _ offset: inout Int, _ checks: inout [UInt8], to sink: inout some CatalogueSink
  ) throws(PersistenceError) {
    var entries: [(character: UInt64, newest: UInt64, offset: Int)] = []
    let start = offset
    for (comic, origin) in storedComics() {
      var line: [UInt8] = []
      CatalogueFormat.appendChecked(Comic.Line(comic, origin: origin).bytes, to: &line)
      let seconds = Int64(comic.onSale?.timeIntervalSince1970 ?? -Double(Int64.max / 2))
      // Inverted so that ascending order is newest first.
      let newest = UInt64(bitPattern: Int64.max &- seconds)
      for character in Set(comic.characters) {
        entries.append((CatalogueFormat.idKey(character.rawValue), newest, offset))
      }
      header.comicsByOrigin[origin] += 1
      header.comicCount += 1
      try sink.append(line)
      offset += line.count
    }
    header.comics = start..<offset
    entries.sort { ($0.character, $0.newest, $0.offset) < ($1.character, $1.newest, $1.offset) }
    var index: [UInt8] = []
    index.reserveCapacity(entries.count * CatalogueFormat.comicEntryWidth)
    for entry in entries {
      CatalogueFormat.appendHex(entry.character, digits: 16, to: &index)
      CatalogueFormat.appendHex(entry.newest, digits: 16, to: &index)
      CatalogueFormat.appendHex(UInt64(entry.offset), digits: 12, to: &index)
      index.append(UInt8(ascii: "\n"))
    }
    header.comicIndex = try Self.append(index, width: CatalogueFormat.comicEntryWidth, &offset, &checks, to: &sink)
  }

  private static func append(
    _ index: [UInt8], width: Int, _ offset: inout Int, _ checks: inout [UInt8], to sink: inout some CatalogueSink
  ) throws(PersistenceError) -> Range<Int> {
    try sink.append(index)
    let block = CatalogueFormat.blockEntries * width
    index.withUnsafeBufferPointer { buffer in
      for start in stride(from: 0, to: buffer.count, by: block) {
        let crc = CRC32.checksum(.init(rebasing: buffer[start..<min(start + block, buffer.count)]))
        CatalogueFormat.appendHex(UInt64(crc), digits: 8, to: &checks)
        checks.append(UInt8(ascii: "\n"))
      }
    }
    defer { offset += index.count }
    return offset..<(offset + index.count)
  }

  func memoryIndex(updatedAt: Date?, bundled: String) -> CatalogueIndex {
    var sink = MemoryCatalogueSink()
    try? write(updatedAt: updatedAt, bundled: bundled, to: &sink)
    // What the writer makes always reads back; the empty catalogue stands in should it not.
    return (try? CatalogueIndex(SharedBytes(sink.bytes))) ?? BundledCatalogue.empty
  }
}
