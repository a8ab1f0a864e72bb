/// A field a listing can be cut down to with `--fields` (``MemberField`` for `list` and
/// `export`, ``HeroField`` for `heroes`): one name in JSON keys, CSV headers and `--fields`.
protocol ListField: CaseIterable, Equatable, RawRepresentable, Sendable where RawValue == String {
  /// In tables, TSV, CSV and Markdown.
  var column: Table.Column { get }
}

extension ListField {
  /// The field named `text`, ignoring case and underscores (`in_squad` and `insquad` are `inSquad`).
  init?(name text: String) {
    func key(_ name: String) -> String { name.lowercased().replacingOccurrences(of: "_", with: "") }
    guard let field = Self.allCases.first(where: { key($0.rawValue) == key(text) }) else { return nil }
    self = field
  }

  static var names: String { allCases.map(\.rawValue).joinedDirectly(separator: ", ") }
}
