import Foundation

extension CatalogueBuilder {
  /// Writes the catalogue: records in name-key order (then id), the id and name indexes, the
  /// comics and their index, and the header.
  func write(updatedAt: Date?, bundled: String, to sink: inout some CatalogueSink) throws(PersistenceError) {
    MemoryRelease.returnFreedMemory()
    let order = sortedEntries()
    var header = CatalogueHeader()
    header.count = order.count
    header.updatedAt = updatedAt
    header.bundled = bundled
    try sink.append([UInt8](repeating: UInt8(ascii: " "), count: CatalogueFormat.headerSize))
    var offset = CatalogueFormat.headerSize
    var recordOffsets: [Int] = []
    recordOffsets.reserveCapacity(order.count)
    try recordLines(order) { (line, origin) throws(PersistenceError) in
      recordOffsets.append(offset)
      header.heroesByOrigin[origin, default: 0] += 1
      try sink.append(line)
      offset += line.count
    }
    header.records = CatalogueFormat.headerSize..<offset
    var index: [UInt8] = []
    index.reserveCapacity(order.count * CatalogueFormat.idEntryWidth)
    let byID = order.indices.sorted { idOf(order[$0]) < idOf(order[$1]) }
    for position in byID {
      CatalogueFormat.appendHex(CatalogueFormat.idKey(idOf(order[position])), digits: 16, to: &index)
      CatalogueFormat.appendHex(UInt64(recordOffsets[position]), digits: 12, to: &index)
      index.append(UInt8(ascii: "\n"))
    }
    try sink.append(index)
    header.ids = offset..<(offset + index.count)
    offset += index.count
    index.removeAll(keepingCapacity: true)
    for recordOffset in recordOffsets {
      CatalogueFormat.appendHex(UInt64(recordOffset), digits: 12, to: &index)
      index.append(UInt8(ascii: "\n"))
    }
    try sink.append(index)
    header.names = offset..<(offset + index.count)
    offset += index.count
    try writeComics(&header, &offset, to: &sink)
    try sink.finish(header: header.encoded())
  }

  private func writeComics(_ header: inout CatalogueHeader, _ offset: inout Int, to sink: inout some CatalogueSink)
    throws(PersistenceError)
  {
    var entries: [(character: UInt64, newest: UInt64, offset: Int)] = []
    let start = offset
    for (comic, origin) in storedComics() {
      let line = Array(comic.record(origin: origin).encoded().utf8) + [UInt8(ascii: "\n")]
      let seconds = Int64(comic.onSale?.timeIntervalSince1970 ?? -Double(Int64.max / 2))
      // Inverted so that ascending order is newest first.
      let newest = UInt64(bitPattern: Int64.max &- seconds)
      for character in Set(comic.characters) {
        entries.append((CatalogueFormat.idKey(character.rawValue), newest, offset))
      }
      header.comicsByOrigin[origin, default: 0] += 1
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
    try sink.append(index)
    header.comicIndex = offset..<(offset + index.count)
    offset += index.count
  }
}
