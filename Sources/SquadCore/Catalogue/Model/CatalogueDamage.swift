struct CatalogueDamage: Equatable, Sendable {
  /// `header`, `records`, `id index`, `name index`, `comics`, `comic index`, `counts` or `checks`.
  var section: String
  var detail: String
  /// Folded, as the records' `k`.
  var heroes: [String] = []
}

extension CatalogueIndex {
  /// Every byte verified (docs/CATALOGUE.md): linear in the file's size, for `catalogue check`
  /// and views of everything.
  func damages() -> [CatalogueDamage] {
    bytes.withBytes { buffer in
      var found: [CatalogueDamage] = []
      func note(_ section: String, _ count: Int, _ one: String, _ many: String? = nil, _ heroes: [String] = []) {
        let what = count == 1 ? one : many ?? one
        if count > 0 { found.append(CatalogueDamage(section: section, detail: "\(count) \(what)", heroes: heroes)) }
      }
      // Records: every line, and which hero each intact one is.
      var starts: [Int] = []
      var heroAt: [Int: Int] = [:]
      var seen = Set<Int>()
      var origins = OriginCounts()
      var names: [String] = []
      var values: [[Int]] = [[], [], [], []]
      var offset = header.records.lowerBound
      while offset < header.records.upperBound {
        let end = lineEnd(buffer, from: offset, limit: header.records.upperBound)
        starts.append(offset)
        if let (hero, origin) = record(buffer, at: offset, whole: false), seen.insert(hero.id.rawValue).inserted {
          heroAt[offset] = hero.id.rawValue
          origins[origin] += 1
          for (slot, value) in hero.counts.values.enumerated() { value.map { values[slot].append($0) } }
        } else {
          names.append(Self.lead(buffer, offset..<end)?.key.string ?? "a record at byte \(offset)")
        }
        offset = end + 1
      }
      note("records", names.count, "record fails its check", "records fail their check", names)
      note("header", starts.count == count ? 0 : 1, "count of heroes differs from the records (\(starts.count))")
      note("header", names.isEmpty && origins != header.heroes ? 1 : 0, "count by origin differs from the records")
      // Name index: entry i names the i-th record line.
      let badNames = (0..<count).filter {
        field(buffer, self.names, $0, column: 0, count: 12).map(Int.init) != starts.get($0)
      }
      note(
        "name index", badNames.count, "entry fails its check or names the wrong record",
        "entries fail their check or name the wrong record")
      // Id index: ascending ids, each leading to a record line, and to the intact hero of its id.
      let lines = Set(starts)
      var previous: UInt64?
      let badIDs = (0..<count).filter { entry in
        let key = field(buffer, ids, entry, column: 0, count: 16)
        defer { previous = key }
        guard let key, let at = field(buffer, ids, entry, column: 16, count: 12).map(Int.init), lines.contains(at),
          previous.map({ key > $0 }) ?? true
        else { return true }
        // An entry of a damaged record is the record's damage, reported above.
        return heroAt[at].map { CatalogueFormat.idKey($0) != key } ?? false
      }
      note(
        "id index", badIDs.count, "entry fails its check or leads to the wrong hero",
        "entries fail their check or lead to the wrong hero")
      var comicAt: [Int: Comic] = [:]
      var badComics = 0
      offset = header.comics.lowerBound
      while offset < header.comics.upperBound {
        if let line = comicLine(buffer, at: offset) { comicAt[offset] = line.comic } else { badComics += 1 }
        offset = lineEnd(buffer, from: offset, limit: header.comics.upperBound) + 1
      }
      note("comics", badComics, "comic fails its check", "comics fail their check")
      note("header", comicAt.count + badComics == header.comicCount ? 0 : 1, "count of comics differs from the comics")
      let badEntries = (0..<comicTable.entries).filter { entry in
        guard let character = field(buffer, comicTable, entry, column: 0, count: 16),
          let at = field(buffer, comicTable, entry, column: 32, count: 12)
        else { return true }
        return comicAt[Int(at)].map { !$0.characters.contains { CatalogueFormat.idKey($0.rawValue) == character } }
          ?? true
      }
      note(
        "comic index", badEntries.count, "entry fails its check or leads to the wrong comic",
        "entries fail their check or lead to the wrong comic")
      // Counts: each run the known values of the intact records, ascending.
      let stored = (0..<countTable.entries).map { field(buffer, countTable, $0, column: 0, count: 16) }
      let expected = values.flatMap { $0.sorted().map { UInt64(clamping: $0) } }
      let badCounts = stored.filter { $0 == nil }.count
      note("counts", badCounts, "entry fails its check", "entries fail their check")
      note(
        "counts", badCounts == 0 && names.isEmpty && header.known != nil && stored != expected ? 1 : 0,
        "section differs from the records' counts")
      // The newlines no checksum covers: the header's last byte and each check line's.
      note(
        "header", buffer[CatalogueFormat.headerSize - 1] == UInt8(ascii: "\n") ? 0 : 1,
        "line does not end where it should")
      let ends = header.checks.map { Array(stride(from: $0.lowerBound + 8, to: $0.upperBound, by: 9)) } ?? []
      note(
        "checks", ends.filter { buffer[$0] != UInt8(ascii: "\n") }.count, "line does not end where it should",
        "lines do not end where they should")
      return found
    }
  }
}

extension Array {
  fileprivate func get(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
