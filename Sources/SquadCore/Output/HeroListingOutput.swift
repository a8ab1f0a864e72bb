/// Prints a hero listing in every output format.
public enum HeroListingOutput {
  /// The listing as stdout text.
  public static func render(_ listing: HeroListing, settings: OutputSettings) -> String {
    switch settings.format {
    case .json:
      let document = JSONValue.object([
        ("offset", .int(listing.offset)), ("total", .int(listing.total)), ("count", .int(listing.heroes.count)),
        ("heroes", .array(listing.heroes.map { HeroJSON.object($0, inSquad: listing.memberIDs.contains($0.id)) })),
        ("attribution", .string(listing.source.attribution)),
      ])
      return document.encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl:
      return listing.heroes.map { HeroJSON.object($0, inSquad: listing.memberIDs.contains($0.id)).encoded() + "\n" }.joined()
    case .tsv:
      return table(listing, mark: { $0 ? "yes" : "no" }).tsv(header: false)
    case .csv:
      return table(listing, mark: { $0 ? "yes" : "no" }).csv(header: settings.headers)
    case .table:
      guard !listing.heroes.isEmpty else { return "" }
      let body = TableRenderer.render(
        table(listing, mark: { $0 ? "✓" : "" }), width: settings.width, color: settings.color, headers: settings.headers)
      let footer = listing.source.attribution
      return body + "\n" + (settings.color ? ANSI.dim(footer) : footer) + "\n"
    }
  }

  static func table(_ listing: HeroListing, mark: (Bool) -> String) -> Table {
    Table(
      columns: [
        Table.Column("ID", key: "id", alignsRight: true), Table.Column("NAME", key: "name", shrinks: true),
        Table.Column("COMICS", key: "comics", alignsRight: true), Table.Column("SQUAD", key: "in_squad"),
      ],
      rows: listing.heroes.map { hero in
        [
          String(hero.id.rawValue), hero.name, hero.counts.comics.map(String.init) ?? "",
          mark(listing.memberIDs.contains(hero.id)),
        ]
      })
  }
}
