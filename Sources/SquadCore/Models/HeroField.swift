/// A field of a hero in `heroes` listings: the JSON keys, and the columns `--fields` chooses.
/// `allCases` is the JSON order (`urls` follows `events` in JSON, which has no column).
enum HeroField: String, ListField {
  case id, name, description, modified, thumbnail, comics, series, stories, events
  /// Whether the hero is in the squad (`inSquad` in JSON and CSV headers alike).
  case inSquad

  /// What `heroes` prints in tables, TSV and CSV unless `--fields` says otherwise.
  static let listed: [HeroField] = [.id, .name, .comics, .inSquad]

  var column: Table.Column {
    switch self {
    case .id, .comics, .series, .stories, .events:
      return Table.Column(rawValue.uppercased(), key: rawValue, alignsRight: true)
    case .inSquad: return Table.Column("SQUAD", key: "inSquad")
    case .modified: return Table.Column("MODIFIED", key: rawValue)
    case .name, .description, .thumbnail: return Table.Column(rawValue.uppercased(), key: rawValue, shrinks: true)
    }
  }

  /// The hero's value in JSON; unknown values are null.
  func json(_ hero: Hero, inSquad: Bool) -> JSONValue {
    switch self {
    case .id: return .int(hero.id.rawValue)
    case .name: return .string(hero.name)
    case .description: return .string(hero.description)
    case .modified: return .optional(hero.modified.map(MarvelDate.iso8601))
    case .thumbnail: return .optional(hero.thumbnail.map { $0.url() })
    case .comics: return .optional(hero.counts.comics)
    case .series: return .optional(hero.counts.series)
    case .stories: return .optional(hero.counts.stories)
    case .events: return .optional(hero.counts.events)
    case .inSquad: return .bool(inSquad)
    }
  }

  /// The hero's value as a text cell: an unknown value is `unknown`; `mark` spells membership;
  /// `day` shows the modified date without its time (tables).
  func cell(_ hero: Hero, inSquad: Bool, mark: (Bool) -> String, unknown: String = "", day: Bool = false)
    -> String
  {
    switch self {
    case .id: return String(hero.id.rawValue)
    case .name: return hero.name
    case .description: return hero.description
    case .modified: return hero.modified.map { day ? MarvelDate.day($0) : MarvelDate.iso8601($0) } ?? unknown
    case .thumbnail: return hero.thumbnail?.url() ?? ""
    case .comics: return hero.counts.comics.map(String.init) ?? unknown
    case .series: return hero.counts.series.map(String.init) ?? unknown
    case .stories: return hero.counts.stories.map(String.init) ?? unknown
    case .events: return hero.counts.events.map(String.init) ?? unknown
    case .inSquad: return mark(inSquad)
    }
  }
}
