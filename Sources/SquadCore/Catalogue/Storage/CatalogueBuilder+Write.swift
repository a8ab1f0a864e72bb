import Foundation

extension CatalogueBuilder {
  /// Writes the catalogue: records in name-key order (then id), the id and name indexes, the
  /// comics and their index, each count's known values, the index blocks' checksums, and the header.
  func write(updatedAt: Date?, bundled: String, to sink: inout some CatalogueSink) throws(PersistenceError) {
    MemoryRelease.returnFreedMemory()
    let order = sortedEntries()
    var header = CatalogueHeader()
    header.updatedAt = updatedAt
    header.bundled = bundled
    try sink.append([UInt8](repeating: UInt8(ascii: " "), count: CatalogueFormat.headerSize))
    var offset = CatalogueFormat.headerSize
    // What was written, in name order: a record that could not be read back is left out of the
    // indexes and the counts alike, so the header always agrees with the file.
    var written: [(id: Int, offset: Int)] = []
    written.reserveCapacity(order.count)
    var counts: [[Int]] = [[], [], [], []]
    var line: [UInt8] = []
    try recordLines(order) { (position, content, origin) throws(PersistenceError) in
      written.append((idOf(position), offset))
      for (slot, value) in countsOf(position).values.enumerated() { value.map { counts[slot].append($0) } }
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

  /// The check lines of an index: the checksum of each block of its entries.
  private static func checks(of index: [UInt8], width: Int) -> [UInt8] {
    var checks: [UInt8] = []
    let block = CatalogueFormat.blockEntries * width
    index.withUnsafeBufferPointer { buffer in
      for start in stride(from: 0, to: buffer.count, by: block) {
        let crc = CRC32.checksum(.init(rebasing: buffer[start..<min(start + block, buffer.count)]))
        CatalogueFormat.appendHex(UInt64(crc), digits: 8, to: &checks)
        checks.append(UInt8(ascii: "\n"))
      }
    }
    return checks
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

  /// Appends an index section at `offset` (moved past it) and its blocks' check lines to `checks`;
  /// gives where the section lies.
  private static func append(
    _ index: [UInt8], width: Int, _ offset: inout Int, _ checks: inout [UInt8], to sink: inout some CatalogueSink
  ) throws(PersistenceError) -> Range<Int> {
    try sink.append(index)
    checks += Self.checks(of: index, width: width)
    defer { offset += index.count }
    return offset..<(offset + index.count)
  }
}
