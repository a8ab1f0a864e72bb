enum HeroDetailOutput {
  static func render(_ detail: HeroDetail, settings: OutputSettings) -> String {
    switch settings.format {
    case .json: return json(detail).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return json(detail).encoded() + "\n"
    case .tsv, .csv: return TableRenderer.render(table(detail), settings)
    case .table: return card(detail, settings: settings)
    }
  }

  static func json(_ detail: HeroDetail) -> JSONValue {
    guard case .object(var fields) = HeroJSON.object(detail.hero) else { return .null }
    let latest = detail.comics.map { summary in
      JSONValue.array(
        summary.latest.map {
          .object([("title", .string($0.title)), ("onSale", .optional($0.onSale.map(MarvelDate.day)))])
        })
    }
    let ranks = zip(HeroCounts.all, detail.ranks).map { ($0.name, $1?.json ?? .null) }
    fields += [
      ("comicsTotal", .optional(detail.comics?.total)), ("lastAppearedIn", latest ?? .null), ("rank", .object(ranks)),
      ("squads", detail.squads.map { .array($0.map { .string($0.value) }) } ?? .null),
      ("attribution", .string(detail.source.attribution)),
    ]
    return .object(fields)
  }

  static func table(_ detail: HeroDetail) -> Table {
    let hero = detail.hero
    let counts = hero.counts.values.map { $0.map(String.init) ?? "" }
    return Table(
      columns: ["id", "name", "comics", "series", "stories", "events", "modified", "thumbnail", "description"].map {
        Table.Column($0.uppercased(), key: $0)
      },
      rows: [
        [String(hero.id.rawValue), hero.name] + counts + [
          hero.modified.map(MarvelDate.day) ?? "", hero.thumbnail?.url() ?? "", hero.description,
        ]
      ])
  }

  static func card(_ detail: HeroDetail, settings: OutputSettings) -> String {
    let hero = detail.hero
    let clean = TextSanitizer.clean
    var lines = [(settings.color ? ANSI.bold(clean(hero.name)) : clean(hero.name)) + "  #\(hero.id)"]
    if !hero.description.isEmpty {
      lines += [
        "",
        DisplayWidth.wrap(clean(hero.description), to: min(settings.width ?? 80, 100)).joinedDirectly(separator: "\n"),
      ]
    }
    lines.append("")
    func row(_ label: String, _ value: String) {
      lines.append(value.isEmpty ? label + ":" : DisplayWidth.pad(label + ":", to: 18) + value)
    }
    row("Modified", hero.modified.map(MarvelDate.day) ?? Table.unknown)
    row("Picture", hero.thumbnail.map { clean($0.url()) } ?? "none")
    let appearances = SquadOutput.spoken(hero.counts).joinedDirectly(separator: ", ")
    row("Appears in", hero.counts == HeroCounts() ? Table.unknown : appearances)
    let ranks = zip(HeroCounts.all, detail.ranks).compactMap { count, rank in rank?.text(count.name) }
    if !detail.ranks.isEmpty { row("Rank", ranks.first ?? Table.unknown) }
    lines += ranks.dropFirst().map { DisplayWidth.pad("", to: 18) + $0 }
    if let squads = detail.squads {
      row("In squads", squads.isEmpty ? "none" : squads.map(\.value).joinedDirectly(separator: ", "))
    }
    for link in hero.urls { row("Link (\(clean(link.type)))", clean(link.url)) }
    if let comics = detail.comics {
      row("Last appeared in", comics.latest.isEmpty ? "no comics" : "")
      for comic in comics.latest {
        lines.append("  " + clean(comic.title) + (comic.onSale.map { " (on sale \(MarvelDate.day($0)))" } ?? ""))
      }
      let more = comics.total - comics.latest.count
      if more > 0 { lines.append("  and \(Grouped.format(more)) more") }
    } else {
      row("Last appeared in", Table.unknown + " (" + Self.noComicsReason(detail.source) + ")")
    }
    let footer = clean(detail.source.attribution)
    lines += ["", settings.color ? ANSI.dim(footer) : footer]
    return lines.map { $0 + "\n" }.joined()
  }

  /// Why there are no comics to show, and what would show them: the hint matches the cause.
  static func noComicsReason(_ source: DataSource) -> String {
    switch source {
    // The API is retired: the kept Marvel data a 'catalogue import' reads is where comics come from.
    case .catalogue(.noKeys, _), .catalogue(.offline, _), .catalogue(.apiDoesNotKnow, _):
      return "the local catalogue has no comics for this hero; 'squad catalogue import' adds kept Marvel data"
    case .fallback: return "the Marvel API could not answer, and the local catalogue has no comics; try again later"
    case .catalogue(.apiCannot, _), .api: return "the Marvel API did not say"
    case .squad: return "the catalogue does not know this hero"
    }
  }
}
