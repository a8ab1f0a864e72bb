/// Prints the squad in every output format.
public enum SquadOutput {
  /// The squad as stdout text.
  public static func render(_ squad: Squad, settings: OutputSettings) -> String {
    switch settings.format {
    case .json: return SquadFile.jsonValue(squad).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return squad.members.map { SquadFile.memberJSON($0).encoded() + "\n" }.joined()
    case .tsv: return tsv(squad)
    case .csv:
      return TextSanitizer.forStdout(table(squad).csv(header: settings.headers), isTerminal: settings.isTerminal)
    case .table:
      guard !squad.members.isEmpty else { return "" }
      let body = TableRenderer.render(
        table(squad, day: true), width: settings.width, color: settings.color, headers: settings.headers)
      // Members are Marvel's data too: the same attribution line as every other table.
      let footer = DataSource.standardAttribution
      return body + "\n" + (settings.color ? ANSI.dim(footer) : footer) + "\n"
    }
  }

  /// The TSV rows, written straight into one buffer (the same text as `table(…).tsv()`).
  static func tsv(_ squad: Squad) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(squad.members.count * 48)
    for member in squad.members {
      text += String(member.id.rawValue).utf8
      text.append(UInt8(ascii: "\t"))
      TextSanitizer.appendClean(member.name, to: &text)
      text.append(UInt8(ascii: "\t"))
      text += MarvelDate.iso8601(member.recruitedAt).utf8
      text.append(UInt8(ascii: "\n"))
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func table(_ squad: Squad, day: Bool = false) -> Table {
    Table(
      columns: [
        Table.Column("ID", key: "id", alignsRight: true), Table.Column("NAME", key: "name", shrinks: true),
        Table.Column("RECRUITED", key: "recruitedAt"),
      ],
      rows: squad.members.map { member in
        [
          String(member.id.rawValue), member.name,
          day ? MarvelDate.day(member.recruitedAt) : MarvelDate.iso8601(member.recruitedAt),
        ]
      })
  }
}
