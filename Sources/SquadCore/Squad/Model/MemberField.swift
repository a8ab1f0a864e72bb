import Foundation

/// A field of a member record: the squad file's keys, the export's columns and `--fields` names;
/// the counts and `modified` are the catalogue's, joined when shown.
enum MemberField: String, ListField, CodingKey {
  case id, name, description, thumbnail
  /// When the hero joined, ISO 8601 in UTC (`recruitedAt`).
  case recruitedAt
  /// The catalogue's counts and last change of the hero.
  case comics, series, stories, events, modified

  /// The squad file's keys, in its order: the default selection of an export.
  static let stored: [MemberField] = [.id, .name, .description, .thumbnail, .recruitedAt]

  /// What `list` prints in tables, TSV and CSV unless `--fields` says otherwise.
  static let listed: [MemberField] = [.id, .name, .recruitedAt]
  var isFact: Bool { !Self.stored.contains(self) }
  var count: (@Sendable (HeroCounts) -> Int?)? { HeroOrder(rawValue: rawValue)?.count }

  var column: Table.Column {
    switch self {
    case .id, .comics, .series, .stories, .events:
      return Table.Column(rawValue.uppercased(), key: rawValue, alignsRight: true)
    case .recruitedAt: return Table.Column("RECRUITED", key: rawValue)
    case .modified: return Table.Column("MODIFIED", key: rawValue)
    default: return Table.Column(rawValue.uppercased(), key: rawValue, shrinks: true)
    }
  }

  /// The member's value in JSON, as the squad file stores it; a fact `hero` does not know is null.
  func json(_ member: Member, hero: HeroSummary? = nil) -> JSONValue {
    switch self {
    case .id: return .int(member.id.rawValue)
    case .thumbnail: return .optional(member.thumbnail)
    case .modified: return .optional(hero?.modified.map(MarvelDate.iso8601))
    case .comics, .series, .stories, .events: return .optional(hero.flatMap { count?($0.counts) })
    default: return .string(cell(member))
    }
  }

  /// The member's value as a text cell; an unknown fact is `unknown`; `day` shows dates without their time.
  func cell(_ member: Member, hero: HeroSummary? = nil, unknown: String = "", day: Bool = false) -> String {
    func date(_ date: Date) -> String { day ? MarvelDate.day(date) : MarvelDate.iso8601(date) }
    switch self {
    case .id: return String(member.id.rawValue)
    case .name: return member.name
    case .description: return member.description
    case .thumbnail: return member.thumbnail ?? ""
    case .recruitedAt: return date(member.recruitedAt)
    case .modified: return hero?.modified.map(date) ?? unknown
    case .comics, .series, .stories, .events: return hero.flatMap { count?($0.counts) }.map(String.init) ?? unknown
    }
  }
}
