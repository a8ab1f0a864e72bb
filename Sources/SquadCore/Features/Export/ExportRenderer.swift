/// Renders the squad in an export format. Pure: the same squad and request give the same bytes.
enum ExportRenderer {
  /// The export's text, ending in a line break (an empty squad in jsonl or tsv is empty text).
  static func render(_ squad: Squad, _ request: ExportRequest) -> String {
    let fields = request.fields
    let heroes = request.catalogue?.summaries(squad.members.map(\.id)) ?? [:]
    switch request.format {
    case .json:
      let extra: [(String, JSONValue)] = [
        ("squad", .string(request.squad)), ("exportedAt", .string(MarvelDate.iso8601(request.exportedAt))),
        ("attribution", .string(DataSource.standardAttribution)),
      ]
      return SquadFile.jsonValue(squad, extra: extra, member: { member(of: $0, fields, hero: heroes[$0.id]) }).encoded(
        pretty: true) + "\n"
    case .jsonl: return squad.members.map { member(of: $0, fields, hero: heroes[$0.id]).encoded() + "\n" }.joined()
    case .csv: return SquadOutput.table(squad, fields, heroes).csv(header: request.headers)
    case .tsv: return SquadOutput.table(squad, fields, heroes).tsv(header: false)
    case .markdown:
      // A page for people: a count nobody knows reads "unknown", as on a terminal.
      let table = SquadOutput.table(squad, fields, heroes, unknown: Table.unknown).markdown()
      return "# \(request.squad)\n\n\(table)\n\(DataSource.standardAttribution)\n"
    }
  }

  static func member(of member: Member, _ fields: [MemberField], hero: HeroSummary?) -> JSONValue {
    .object(fields.map { ($0.rawValue, $0.json(member, hero: hero)) })
  }
}
