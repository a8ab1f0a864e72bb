import Foundation

enum HistoryOutput {
  static func render(_ entries: [HistoryEntry], now: Date, settings: OutputSettings) -> String {
    switch settings.format {
    case .json: return JSONValue.array(entries.map(\.json)).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return entries.map { $0.json.encoded() + "\n" }.joined()
    case .tsv, .csv: return TableRenderer.render(table(entries, now: nil), settings)
    case .table: return entries.isEmpty ? "" : TableRenderer.render(table(entries, now: now), settings)
    }
  }

  // Relative times on a terminal (`now`), ISO 8601 elsewhere.
  static func table(_ entries: [HistoryEntry], now: Date?) -> Table {
    Table(
      columns: [
        Table.Column("#", key: "sequence", alignsRight: true), Table.Column("WHEN", key: "at"),
        Table.Column("COMMAND", key: "command"), Table.Column("CHANGE", key: "summary", shrinks: true),
      ],
      rows: entries.map { entry in
        [
          String(entry.sequence), now.map { RelativeTime.describe(entry.at, now: $0) } ?? MarvelDate.iso8601(entry.at),
          entry.command, entry.summary,
        ]
      })
  }
}
