enum HeroListingOutput {
  /// Whether the output shows more than a ``HeroSummary`` holds, so heroes must be read whole.
  static func needsWhole(_ format: OutputFormat, fields: [HeroField]?) -> Bool {
    guard let fields else { return format == .json || format == .jsonl }
    return fields.contains(.description) || fields.contains(.thumbnail)
  }

  static func render(_ listing: HeroListing, settings: OutputSettings, fields: [HeroField]? = nil) -> String {
    // Without the heroes whole, the output shows nothing a summary lacks (``needsWhole(_:fields:)``).
    func heroes() -> [Hero] {
      listing.whole
        ?? listing.heroes.map { Hero(id: $0.id, name: $0.name, modified: $0.modified, counts: $0.counts) }
    }
    func object(_ hero: Hero) -> JSONValue {
      HeroJSON.object(hero, inSquad: listing.memberIDs.contains(hero.id), fields: fields)
    }
    let columns = fields ?? HeroField.listed
    switch settings.format {
    case .json:
      let document = JSONValue.object([
        ("offset", .int(listing.offset)), ("total", .int(listing.total)), ("count", .int(listing.heroes.count)),
        ("heroes", .array(heroes().map(object))), ("attribution", .string(listing.source.attribution)),
      ])
      return document.encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return heroes().map { object($0).encoded() + "\n" }.joined()
    case .tsv where fields == nil: return tsv(listing)
    case .tsv, .csv:
      return TableRenderer.render(table(listing, heroes(), columns, mark: { $0 ? "yes" : "no" }), settings)
    case .table:
      guard !listing.heroes.isEmpty else { return "" }
      let shown = table(listing, heroes(), columns, mark: { $0 ? "✓" : "" }, unknown: Table.unknown, day: true)
      let body = TableRenderer.render(shown, settings)
      // The server's text, like every other it sends: cleaned before it reaches a terminal.
      let footer = TextSanitizer.clean(listing.source.attribution)
      return body + "\n" + (settings.color ? ANSI.dim(footer) : footer) + "\n"
    }
  }

  /// `table(…).tsv()`'s text, written straight into one buffer: listings print thousands of rows.
  static func tsv(_ listing: HeroListing) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(listing.heroes.count * 40)
    for hero in listing.heroes {
      text += String(hero.id.rawValue).utf8
      text.append(UInt8(ascii: "\t"))
      TextSanitizer.appendClean(hero.name, to: &text)
      text.append(UInt8(ascii: "\t"))
      if let comics = hero.counts.comics { text += String(comics).utf8 }
      text += listing.memberIDs.contains(hero.id) ? "\tyes\n".utf8 : "\tno\n".utf8
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func table(
    _ listing: HeroListing, _ heroes: [Hero], _ fields: [HeroField], mark: (Bool) -> String, unknown: String = "",
    day: Bool = false
  ) -> Table {
    Table(
      columns: fields.map(\.column),
      rows: heroes.map { hero in
        let inSquad = listing.memberIDs.contains(hero.id)
        return fields.map { $0.cell(hero, inSquad: inSquad, mark: mark, unknown: unknown, day: day) }
      })
  }
}
