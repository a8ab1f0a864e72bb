import Foundation

/// A field of a member record: the squad file's keys, the export's columns and `--fields` names.
///
/// `allCases` is the file's order and the default selection of an export.
public enum MemberField: String, ListField, CodingKey {
  /// The Marvel character id (`id`).
  case id
  /// The name at recruitment (`name`).
  case name
  /// The description at recruitment (`description`).
  case description
  /// The picture URL, or none (`thumbnail`).
  case thumbnail
  /// When the hero joined, ISO 8601 in UTC (`recruitedAt`).
  case recruitedAt

  /// What `list` prints in tables, TSV and CSV unless `--fields` says otherwise.
  public static let listed: [MemberField] = [.id, .name, .recruitedAt]

  public var column: Table.Column {
    switch self {
    case .id: return Table.Column("ID", key: rawValue, alignsRight: true)
    case .recruitedAt: return Table.Column("RECRUITED", key: rawValue)
    default: return Table.Column(rawValue.uppercased(), key: rawValue, shrinks: true)
    }
  }

  /// The member's value in JSON, exactly as the squad file stores it.
  public func json(_ member: Member) -> JSONValue {
    switch self {
    case .id: return .int(member.id.rawValue)
    case .thumbnail: return .optional(member.thumbnail)
    default: return .string(cell(member))
    }
  }

  /// The member's value as a text cell; a missing thumbnail is an empty cell; `day` shows the
  /// recruitment date without its time (tables).
  public func cell(_ member: Member, day: Bool = false) -> String {
    switch self {
    case .id: return String(member.id.rawValue)
    case .name: return member.name
    case .description: return member.description
    case .thumbnail: return member.thumbnail ?? ""
    case .recruitedAt: return day ? MarvelDate.day(member.recruitedAt) : MarvelDate.iso8601(member.recruitedAt)
    }
  }
}
