enum SquadOutput {
  /// The ``MemberField/listed`` columns and the squad file's JSON, or exactly `fields`, in
  /// recruitment order or by `order`.
  static func render(
    _ squad: Squad, name: SquadName = .default, settings: OutputSettings, fields: [MemberField]? = nil,
    order: HeroOrder? = nil, catalogue: @autoclosure () -> LocalCatalogue? = nil
  ) -> String {
    let joins = settings.format == .table || order != nil || fields?.contains(where: \.isFact) == true
    let heroes = joins ? catalogue()?.summaries(squad.members.map(\.id)) ?? [:] : [:]
    var squad = squad
    if let order {
      let ranked = HeroOrdering.sorted(
        squad.members.map { heroes[$0.id] ?? HeroSummary(Hero(id: $0.id, name: $0.name)) }, by: order)
      let places = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($1.id, $0) })
      let limit = squad.maxMembers
      squad = Squad(distinctMembers: squad.members.sorted { places[$0.id] ?? 0 < places[$1.id] ?? 0 })
      squad.maxMembers = limit
    }
    func member(_ member: Member) -> JSONValue {
      fields.map { ExportRenderer.member(of: member, $0, hero: heroes[member.id]) } ?? SquadFile.memberJSON(member)
    }
    switch settings.format {
    case .json:
      let named = SquadFile.jsonValue(squad, extra: [("squad", .string(name.value))], member: member)
      return named.encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return squad.members.map { member($0).encoded() + "\n" }.joined()
    case .tsv, .csv: return TableRenderer.render(table(squad, fields ?? MemberField.listed, heroes), settings)
    case .table:
      guard !squad.members.isEmpty else { return "" }
      let body = TableRenderer.render(
        table(squad, fields ?? MemberField.listed, heroes, unknown: Table.unknown, day: true), settings)
      // Members are Marvel's data too: the same attribution line as every other table.
      let footer = DataSource.standardAttribution
      let totals = wrapped(totals(squad, heroes), width: settings.width ?? .max)
      return body + totals + "\n\n" + (settings.color ? ANSI.dim(footer) : footer) + "\n"
    }
  }

  static func totals(_ squad: Squad, _ heroes: [HeroID: HeroSummary]) -> [String] {
    let counts = spoken(HeroCounts.total(squad.members.map { heroes[$0.id] }))
    // Every member a total leaves out: one with any of its counts unknown.
    let unknown = squad.members.filter { heroes[$0.id]?.counts.values.contains(nil) ?? true }.count
    let note = unknown == 0 ? [] : ["counts unknown for \(Plural.members(unknown))"]
    return ["Totals: " + Plural.members(squad.members.count)] + counts + note
  }

  static func spoken(_ counts: HeroCounts) -> [String] {
    zip(HeroCounts.all, counts.values).map { count, value in
      value.map { Plural.count($0, count.one, count.name) } ?? "\(count.name) \(Table.unknown)"
    }
  }

  static func wrapped(_ parts: [String], width: Int) -> String {
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, DisplayWidth.of(last) + DisplayWidth.of(part) + 3 <= width {
        lines[lines.count - 1] = last + ", " + part
      } else {
        if !lines.isEmpty { lines[lines.count - 1] += "," }
        lines.append(part)
      }
    }
    return lines.joinedDirectly(separator: "\n")
  }

  static func table(
    _ squad: Squad, _ fields: [MemberField], _ heroes: [HeroID: HeroSummary], unknown: String = "", day: Bool = false
  ) -> Table {
    Table(
      columns: fields.map(\.column),
      rows: squad.members.map { member in
        let hero = heroes[member.id]
        return fields.map { $0.cell(member, hero: hero, unknown: unknown, day: day) }
      })
  }
}
