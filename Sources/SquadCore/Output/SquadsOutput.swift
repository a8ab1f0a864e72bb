import Foundation

/// A field of `squad squads`; the counts are each squad's totals over its members.
enum SquadField: String, ListField {
  case name, `default`, members, maxMembers, lastChange, comics, series, stories, events
  static let listed: [SquadField] = [.name, .members, .maxMembers, .lastChange, .comics]

  var column: Table.Column {
    switch self {
    case .maxMembers: return Table.Column("LIMIT", key: rawValue, alignsRight: true)
    case .lastChange: return Table.Column("LAST CHANGE", key: rawValue)
    default: return Table.Column(rawValue.uppercased(), key: rawValue, alignsRight: self != .name && self != .default)
    }
  }
}

enum SquadsOutput {
  static func render(
    _ summaries: [SquadSummary], now: Date, settings: OutputSettings, fields: [SquadField]? = nil,
    catalogue: LocalCatalogue
  ) -> String {
    let rows = summaries.map { ($0, totals($0, catalogue)) }
    func json(_ row: (SquadSummary, HeroCounts?)) -> JSONValue {
      .object((fields ?? SquadField.allCases).map { ($0.rawValue, value($0, row.0, row.1)) })
    }
    switch settings.format {
    case .json: return JSONValue.array(rows.map(json)).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return rows.map { json($0).encoded() + "\n" }.joined()
    case .tsv, .csv: return TableRenderer.render(table(rows, fields, now: nil), settings)
    case .table: return TableRenderer.render(table(rows, fields, now: now), settings)
    }
  }

  static func totals(_ summary: SquadSummary, _ catalogue: LocalCatalogue) -> HeroCounts? {
    summary.members == nil ? nil : HeroCounts.total(summary.roster.map { catalogue.summary($0.id) })
  }

  static func value(_ field: SquadField, _ summary: SquadSummary, _ totals: HeroCounts?) -> JSONValue {
    switch field {
    case .name: return .string(summary.name.value)
    case .default: return .bool(summary.name.isDefault)
    case .members: return .optional(summary.members)
    case .maxMembers: return .optional(summary.maxMembers)
    case .lastChange: return .optional(summary.lastChange.map(MarvelDate.iso8601))
    default: return .optional(totals.flatMap { HeroOrder(rawValue: field.rawValue)?.count?($0) })
    }
  }

  // Relative times and `unknown` on a terminal (`now`), ISO 8601 and empty cells elsewhere.
  static func table(_ rows: [(SquadSummary, HeroCounts?)], _ fields: [SquadField]?, now: Date?) -> Table {
    let fields = fields ?? SquadField.listed
    return Table(
      columns: fields.map(\.column),
      rows: rows.map { summary, totals in
        fields.map { field in
          switch value(field, summary, totals) {
          // A squad read without a limit has none; a squad not read has no known one.
          case .null where field == .maxMembers && summary.members != nil: return now == nil ? "" : "none"
          case .null: return field == .lastChange || now == nil ? "" : Table.unknown
          case .string(let text):
            guard field == .lastChange, let now, let date = summary.lastChange else { return text }
            return RelativeTime.describe(date, now: now)
          case .bool(let isDefault): return isDefault ? "yes" : "no"
          case let other: return other.encoded()
          }
        }
      })
  }
}
