/// Prints the squad in every output format.
public enum SquadOutput {
  /// The squad as stdout text: the ``MemberField/listed`` columns and the squad file's own JSON,
  /// or exactly `fields` in every format.
  public static func render(_ squad: Squad, settings: OutputSettings, fields: [MemberField]? = nil) -> String {
    func member(_ member: Member) -> JSONValue {
      fields.map { ExportRenderer.member(of: member, $0) } ?? SquadFile.memberJSON(member)
    }
    switch settings.format {
    case .json: return SquadFile.jsonValue(squad, member: member).encoded(pretty: settings.prettyJSON) + "\n"
    case .jsonl: return squad.members.map { member($0).encoded() + "\n" }.joined()
    case .tsv: return table(squad, fields ?? MemberField.listed).tsv()
    case .csv:
      let csv = table(squad, fields ?? MemberField.listed).csv(header: settings.headers)
      return TextSanitizer.forStdout(csv, isTerminal: settings.isTerminal)
    case .table:
      guard !squad.members.isEmpty else { return "" }
      let body = TableRenderer.render(
        table(squad, fields ?? MemberField.listed, day: true), width: settings.width, color: settings.color,
        headers: settings.headers)
      // Members are Marvel's data too: the same attribution line as every other table.
      let footer = DataSource.standardAttribution
      return body + "\n" + (settings.color ? ANSI.dim(footer) : footer) + "\n"
    }
  }

  static func table(_ squad: Squad, _ fields: [MemberField] = MemberField.listed, day: Bool = false) -> Table {
    Table(columns: fields.map(\.column), rows: squad.members.map { member in fields.map { $0.cell(member, day: day) } })
  }
}
