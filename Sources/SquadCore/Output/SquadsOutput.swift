import Foundation

/// Prints `squad squads` in every output format.
public enum SquadsOutput {
  /// The squads as stdout text.
  public static func render(_ summaries: [SquadSummary], now: Date, settings: OutputSettings) -> String {
    switch settings.format {
    case .json: return JSONValue.array(summaries.map(json)).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return summaries.map { json($0).encoded() + "\n" }.joined()
    case .tsv: return table(summaries, now: nil).tsv()
    case .csv:
      return TextSanitizer.forStdout(
        table(summaries, now: nil).csv(header: settings.headers), isTerminal: settings.isTerminal)
    case .table:
      return TableRenderer.render(
        table(summaries, now: now), width: settings.width, color: settings.color, headers: settings.headers)
    }
  }

  /// One squad as an ordered JSON object.
  static func json(_ summary: SquadSummary) -> JSONValue {
    .object([
      ("name", .string(summary.name.value)), ("default", .bool(summary.name.isDefault)),
      ("members", .optional(summary.members)),
      ("maxMembers", .optional(summary.maxMembers)),
      ("lastChange", .optional(summary.lastChange.map(MarvelDate.iso8601))),
    ])
  }

  // Relative times on a terminal (`now`), ISO 8601 elsewhere.
  static func table(_ summaries: [SquadSummary], now: Date?) -> Table {
    Table(
      columns: [
        Table.Column("NAME", key: "name"), Table.Column("MEMBERS", key: "members", alignsRight: true),
        Table.Column("LIMIT", key: "maxMembers", alignsRight: true), Table.Column("LAST CHANGE", key: "lastChange"),
      ],
      rows: summaries.map { summary in
        let when = summary.lastChange.map { date in
          now.map { RelativeTime.describe(date, now: $0) } ?? MarvelDate.iso8601(date)
        }
        return [
          summary.name.value, summary.members.map(String.init) ?? (now == nil ? "" : Table.unknown),
          summary.maxMembers.map(String.init) ?? "",
          when ?? "",
        ]
      })
  }
}
