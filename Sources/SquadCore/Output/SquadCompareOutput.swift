extension SquadsOutput {
  static func compare(_ pair: [SquadSummary], settings: OutputSettings, catalogue: LocalCatalogue) -> String {
    let comparison = SquadComparison(pair, catalogue: catalogue)
    let (shared, stars, totals) = (comparison.inBoth, comparison.stars, comparison.totals)
    func hero(_ hero: HeroSummary) -> JSONValue {
      .object([("id", .int(hero.id.rawValue)), ("name", .string(hero.name)), ("comics", .optional(hero.counts.comics))])
    }
    switch settings.format {
    case .json, .jsonl:
      let squads = pair.indices.map { index in
        JSONValue.object(
          [("name", .string(pair[index].name.value)), ("members", .optional(pair[index].members))]
            + zip(HeroCounts.all, totals[index]?.values ?? HeroCounts().values).map { ($0.name, .optional($1)) }
            + [("countsUnknown", .optional(comparison.unknown[index])), ("star", stars[index].map(hero) ?? .null)])
      }
      let both = JSONValue.array(shared.map { hero(SquadComparison.named($0, catalogue)) })
      return JSONValue.object([("squads", .array(squads)), ("inBoth", both)]).encoded(
        pretty: settings.prettyJSON && settings.format == .json) + "\n"
    default:
      // What nobody knows reads `unknown` on a terminal, as in every table; TSV and CSV leave it empty.
      let unknown = settings.format == .table ? Table.unknown : ""
      let star = pair.indices.map { index in
        guard let star = stars[index] else { return pair[index].members == 0 && !unknown.isEmpty ? "none" : unknown }
        return "\(star.name) (\(Plural.count(star.counts.comics ?? 0, "comic")))"
      }
      // Names hold commas ("Bob, Agent of Hydra"): `; ` parts them for scripts, and in a table then.
      let memberNames = shared.map(\.name)
      let names =
        shared.isEmpty
        ? "none"
        : settings.format != .table || memberNames.contains { $0.contains(",") }
          ? memberNames.joined(separator: "; ") : NameList.join(memberNames)
      var rows: [[String]] = [["members"] + pair.map { $0.members.map(String.init) ?? unknown }]
      for (slot, count) in HeroCounts.all.enumerated() {
        rows.append([count.name] + totals.map { total in total?.values[slot].map(String.init) ?? unknown })
      }
      rows.append(["counts unknown"] + comparison.unknown.map { $0.map(String.init) ?? unknown })
      rows.append(["star"] + star)
      // A table shows them below it: as a row, a long list would widen both columns past the screen.
      if settings.format != .table { rows.append(["in both"] + pair.map { _ in names }) }
      let columns =
        [Table.Column("SQUAD", key: "measure")] + pair.map { Table.Column($0.name.value, key: $0.name.value) }
      let text = TableRenderer.render(Table(columns: columns, rows: rows), settings, tsvHeader: settings.headers)
      guard settings.format == .table else { return text }
      let both = DisplayWidth.wrap("In both: " + TextSanitizer.clean(names), to: max(settings.width ?? .max, 30))
      return text + both.map { $0 + "\n" }.joined()
    }
  }
}

struct SquadComparison: Equatable {
  var totals: [HeroCounts?]
  var unknown: [Int?]
  var stars: [HeroSummary?]
  var inBoth: [Member]

  init(_ pair: [SquadSummary], catalogue: LocalCatalogue) {
    let ids = pair.map { Set($0.roster.map(\.id)) }
    inBoth = pair.first?.roster.filter { member in ids.allSatisfy { $0.contains(member.id) } } ?? []
    stars = pair.map { summary in
      HeroOrdering.prominent(summary.roster.map { Self.named($0, catalogue) }).first { $0.counts.comics != nil }
    }
    totals = pair.map { SquadsOutput.totals($0, catalogue) }
    unknown = pair.map { summary in
      summary.members.map { _ in
        summary.roster.filter { catalogue.summary($0.id)?.counts.values.contains(nil) ?? true }.count
      }
    }
  }

  static func named(_ member: Member, _ catalogue: LocalCatalogue) -> HeroSummary {
    var hero = catalogue.summary(member.id) ?? HeroSummary(Hero(id: member.id, name: member.name))
    hero.name = member.name
    return hero
  }
}
