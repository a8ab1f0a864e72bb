import Foundation

/// A catalogue file read in place by bisection, each record parsed and verified when used. Damage
/// (docs/CATALOGUE.md) is noted (``isDamaged``, said once through `onDamage`); ``intact`` answers.
final class CatalogueIndex: Sendable {
  let bytes: SharedBytes
  let header: CatalogueHeader
  private let onDamage: (@Sendable () -> Void)?
  private let damage = Mutex<(met: Bool, intact: CatalogueIndex?)>((false, nil))
  // Which index blocks held their checksum: bisections' first probes share blocks (docs/DECISIONS.md,
  // "Verify what is used"). The bytes never change under a read (a write renames a new file in).
  private let verifiedBlocks: Mutex<[Bool]>
  private let idOrderChecked = Mutex(false)

  init(_ bytes: SharedBytes, onDamage: (@Sendable () -> Void)? = nil) throws(CatalogueFormatError) {
    self.bytes = bytes
    self.onDamage = onDamage
    header = try bytes.withBytes { (buffer) throws(CatalogueFormatError) in try CatalogueHeader(reading: buffer) }
    verifiedBlocks = Mutex(Array(repeating: false, count: (header.checks?.count ?? 0) / CatalogueFormat.checkWidth))
  }

  init(empty: Void) {
    bytes = SharedBytes([])
    header = CatalogueHeader()
    onDamage = nil
    verifiedBlocks = Mutex([])
  }

  var count: Int { header.count }
  var checked: Bool { header.checks != nil }
  var isDamaged: Bool { damage.withLock { $0.met } }

  func noteDamage() {
    let first = damage.withLock { state in
      defer { state.met = true }
      return !state.met
    }
    if first { onDamage?() }
  }

  /// Built in memory once, with the bundled heroes whose records were lost: answers after damage.
  var intact: CatalogueIndex {
    if let built = damage.withLock({ $0.intact }) { return built }
    let builder = CatalogueBuilder(base: self)
    builder.restoreBundled()
    let built = builder.memoryIndex(updatedAt: header.updatedAt, bundled: header.bundled)
    damage.withLock { $0.intact = built }
    return built
  }

  struct Table {
    let range: Range<Int>
    let width: Int
    let firstCheck: Int
    var entries: Int { range.count / width }
  }

  var ids: Table { Table(range: header.ids, width: CatalogueFormat.idEntryWidth, firstCheck: 0) }
  var names: Table {
    Table(range: header.names, width: CatalogueFormat.nameEntryWidth, firstCheck: CatalogueHeader.blocks(count))
  }
  var comicTable: Table {
    Table(
      range: header.comicIndex, width: CatalogueFormat.comicEntryWidth, firstCheck: 2 * CatalogueHeader.blocks(count))
  }
  var countTable: Table {
    Table(
      range: header.counts ?? 0..<0, width: CatalogueFormat.countEntryWidth,
      firstCheck: comicTable.firstCheck + CatalogueHeader.blocks(comicTable.entries))
  }

  /// Nil, noted as damage, when the block's checksum fails or the digits are not hex.
  func field(_ buffer: UnsafeBufferPointer<UInt8>, _ table: Table, _ entry: Int, column: Int, count: Int) -> UInt64? {
    guard entry >= 0, entry < table.entries else { return nil }
    let block = entry / CatalogueFormat.blockEntries
    if let checks = header.checks {
      let checkLine = table.firstCheck + block
      let verified = verifiedBlocks.withLock { $0.indices.contains(checkLine) && $0[checkLine] }
      if !verified {
        let start = table.range.lowerBound + block * CatalogueFormat.blockEntries * table.width
        let end = min(start + CatalogueFormat.blockEntries * table.width, table.range.upperBound)
        let checksum = CatalogueFormat.hex(
          buffer, at: checks.lowerBound + checkLine * CatalogueFormat.checkWidth, count: 8)
        guard checksum == UInt64(CRC32.checksum(.init(rebasing: buffer[start..<end]))) else {
          noteDamage()
          return nil
        }
        verifiedBlocks.withLock { if $0.indices.contains(checkLine) { $0[checkLine] = true } }
      }
    }
    let start = table.range.lowerBound + entry * table.width + column
    guard let value = CatalogueFormat.hex(buffer, at: start, count: count) else {
      noteDamage()
      return nil
    }
    return value
  }

  func line(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, in section: Range<Int>) -> Range<Int>? {
    guard section.contains(offset), offset == section.lowerBound || buffer[offset - 1] == UInt8(ascii: "\n") else {
      return nil
    }
    let end = lineEnd(buffer, from: offset, limit: section.upperBound)
    return CatalogueFormat.content(buffer, offset..<end, checked: checked)
  }

  /// Not `whole`, its details checked and left empty.
  func entry(at position: Int, whole: Bool = true) -> (hero: Hero, origin: HeroOrigin)? {
    bytes.withBytes { buffer in
      guard let offset = nameOffset(buffer, position) else { return nil }
      return record(buffer, at: offset, whole: whole)
    }
  }

  /// Keys are checked in order with each other and the keys just outside: records swapped whole
  /// keep their checksums, and only the order shows them.
  func heroes(at positions: some BidirectionalCollection<Int>, whole: Bool = true) -> [(hero: Hero, position: Int)] {
    guard let first = positions.first, let last = positions.last else { return [] }
    return bytes.withBytes { buffer in
      var previous = first > 0 ? key(buffer, first - 1)?.withUTF8(Array.init) ?? [] : []
      var heroes: [(hero: Hero, position: Int)] = []
      heroes.reserveCapacity(positions.count)
      for position in positions {
        guard let offset = nameOffset(buffer, position) else { continue }
        if let found = record(buffer, at: offset, previous: &previous, whole: whole) {
          heroes.append((found.hero, position))
        }
      }
      if last + 1 < header.count, let next = key(buffer, last + 1)?.withUTF8(Array.init),
        next.lexicographicallyPrecedes(previous)
      {
        noteDamage()
      }
      return heroes
    }
  }

  func entry(id: HeroID, whole: Bool = true) -> (hero: Hero, origin: HeroOrigin)? {
    bytes.withBytes { buffer in
      guard let offset = recordOffset(buffer, id: id), let found = record(buffer, at: offset, whole: whole) else {
        return nil
      }
      // An entry that leads to another hero's record is a damaged index: never the wrong hero.
      guard found.hero.id == id else {
        noteDamage()
        return nil
      }
      return found
    }
  }

  func recordIsDamaged(id: HeroID) -> Bool {
    bytes.withBytes { buffer in
      guard let offset = recordOffset(buffer, id: id) else { return false }
      return record(buffer, at: offset, whole: false)?.hero.id != id
    }
  }

  private func recordOffset(_ buffer: UnsafeBufferPointer<UInt8>, id: HeroID) -> Int? {
    let wanted = CatalogueFormat.idKey(id.rawValue)
    let position = Self.bisect(header.count) { (field(buffer, ids, $0, column: 0, count: 16) ?? .max) < wanted }
    guard field(buffer, ids, position, column: 0, count: 16) == wanted else {
      checkOrder(buffer)
      return nil
    }
    return field(buffer, ids, position, column: 16, count: 12).map(Int.init)
  }

  /// Bisection trusts the order: entries swapped under checksums that hold would hide a hero.
  /// Checked whole at a read's first miss, so a sync of thousands pays one pass.
  private func checkOrder(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard
      idOrderChecked.withLock({ checked in
        defer { checked = true }
        return !checked
      })
    else { return }
    var previous: UInt64?
    for entry in 0..<header.count {
      guard let key = field(buffer, ids, entry, column: 0, count: 16) else { continue }
      if let previous, previous >= key { return noteDamage() }
      previous = key
    }
  }

  func positions(prefix: String) -> Range<Int> {
    let wanted = Array(prefix.utf8)
    guard !wanted.isEmpty else { return 0..<header.count }
    return bytes.withBytes { buffer in
      // Keys before the range compare below the prefix; keys after it, above and not starting with it.
      let lower = bisect(buffer) { compareKey($0, wanted) < 0 }
      let upper = max(lower, bisect(buffer) { compareKey($0, wanted) <= 0 })
      // Bisection trusts the key order. Records swapped whole (each checksum intact) break it and
      // would hide a hero or add another; the range and its two neighbours must agree with it.
      var previous: [UInt8] = []
      for position in max(0, lower - 2)..<min(header.count, upper + 2) {
        guard let key = key(buffer, position)?.withUTF8(Array.init) else { return lower..<upper }
        let side = key.withUnsafeBufferPointer { compareKey($0, wanted) }
        let expected = position < lower ? -1 : position < upper ? 0 : 1
        if key.lexicographicallyPrecedes(previous) || side != expected {
          noteDamage()
          break
        }
        previous = key
      }
      return lower..<upper
    }
  }

  func eachHero(whole: Bool = true, _ body: (Hero, HeroOrigin) -> Void) {
    bytes.withBytes { buffer in
      var offset = header.records.lowerBound
      var previous: [UInt8] = []
      while offset < header.records.upperBound {
        if let found = record(buffer, at: offset, previous: &previous, whole: whole) { body(found.hero, found.origin) }
        offset = lineEnd(buffer, from: offset, limit: header.records.upperBound) + 1
      }
    }
  }

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

  /// Newest on-sale first.
  func comics(of id: HeroID) -> [Comic] {
    bytes.withBytes { buffer in
      let wanted = CatalogueFormat.idKey(id.rawValue)
      func character(_ index: Int) -> UInt64 { field(buffer, comicTable, index, column: 0, count: 16) ?? .max }
      var comics: [Comic] = []
      var index = Self.bisect(comicTable.entries) { character($0) < wanted }
      // Bounded by the index, not by the key: past its end `character` is `.max`, which is the
      // key of the largest id too.
      while index < comicTable.entries, character(index) == wanted {
        if let offset = field(buffer, comicTable, index, column: 32, count: 12),
          let line = comicLine(buffer, at: Int(offset))
        {
          comics.append(line.comic)
        }
        index += 1
      }
      return comics
    }
  }

  /// Its own record left out; nil before format 5.
  func ranks(of hero: Hero) -> [HeroRank?]? {
    guard let known = header.known else { return nil }
    // The catalogue's record of the same hero is among the values; the hero is counted by `counts`.
    let own = entry(id: hero.id, whole: false)?.hero.counts.values ?? [nil, nil, nil, nil]
    return bytes.withBytes { buffer in
      var start = 0
      return zip(hero.counts.values, known).enumerated().map { slot, pair in
        let (mine, total) = pair
        defer { start += total }
        guard let mine else { return nil }
        let first = start
        func value(_ index: Int) -> UInt64 {
          field(buffer, countTable, first + index, column: 0, count: 16) ?? .max
        }
        let wanted = UInt64(clamping: mine)
        let below = Self.bisect(total) { value($0) < wanted }
        let atMost = Self.bisect(total) { value($0) <= wanted }
        var rank = HeroRank(position: total - atMost + 1, of: total + 1, tiedWith: atMost - below)
        if let theirs = own[slot] {
          rank.of -= 1
          if theirs > mine { rank.position -= 1 } else if theirs == mine { rank.tiedWith -= 1 }
        }
        // Values rewritten with their checksums (a hand or a tool) can still contradict the
        // hero's own record: a place past the end or a tie with fewer than none is damage.
        if rank.position < 1 || rank.tiedWith < 0 || rank.position + rank.tiedWith > rank.of { noteDamage() }
        return rank
      }
    }
  }

  func comicLine(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Comic.Line? {
    guard let line = line(buffer, at: offset, in: header.comics),
      let comic = try? JSONDecoder().decode(Comic.Line.self, from: Data(buffer[line]))
    else {
      noteDamage()
      return nil
    }
    return comic
  }

  private func nameOffset(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int? {
    field(buffer, names, position, column: 0, count: 12).map { Int($0) }
  }

  func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from offset: Int, limit: Int) -> Int {
    guard let base = buffer.baseAddress, offset < limit,
      let newline = memchr(base + offset, 0x0A, limit - offset)
    else { return limit }
    return UnsafeRawPointer(newline) - UnsafeRawPointer(base)
  }

  /// `previous`: the key before it in file order, which must not come after its own.
  func record(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, previous: inout [UInt8], whole: Bool) -> (
    hero: Hero, origin: HeroOrigin
  )? {
    guard let line = line(buffer, at: offset, in: header.records), let lead = Self.lead(buffer, line),
      let hero = Self.hero(buffer, line, whole: whole)
    else {
      noteDamage()
      return nil
    }
    let key = lead.key.withUTF8(Array.init)
    if key.lexicographicallyPrecedes(previous) { noteDamage() }
    previous = key
    return (hero, lead.origin)
  }

  func record(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, whole: Bool) -> (hero: Hero, origin: HeroOrigin)? {
    var first: [UInt8] = []
    return record(buffer, at: offset, previous: &first, whole: whole)
  }

  static func hero(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, whole: Bool) -> Hero? {
    var reader = JSONReader(buffer, range: range)
    return try? Hero.read(&reader, keepingDetails: whole)
  }

  static func lead(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (key: JSONKey, origin: HeroOrigin)? {
    var reader = JSONReader(buffer, range: range)
    guard (try? reader.beginObject()) != nil, let first = try? reader.nextKey(), first == "k",
      let key = try? reader.rawStringValue(), let second = try? reader.nextKey(), second == "src",
      let source = try? reader.string()
    else { return nil }
    return (key, HeroOrigin(rawValue: source) ?? .api)
  }

  private func bisect(_ buffer: UnsafeBufferPointer<UInt8>, isBefore: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int {
    Self.bisect(header.count) { key(buffer, $0).map { $0.withUTF8(isBefore) } ?? false }
  }

  private static func bisect(_ count: Int, isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func key(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int) -> JSONKey? {
    guard let offset = nameOffset(buffer, position) else { return nil }
    guard let line = line(buffer, at: offset, in: header.records), let lead = Self.lead(buffer, line) else {
      noteDamage()
      return nil
    }
    return lead.key
  }

  /// 0 when the key starts with the prefix.
  private func compareKey(_ key: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Int {
    let common = min(key.count, prefix.count)
    for index in 0..<common where key[index] != prefix[index] { return key[index] < prefix[index] ? -1 : 1 }
    return key.count >= prefix.count ? 0 : -1
  }
}
