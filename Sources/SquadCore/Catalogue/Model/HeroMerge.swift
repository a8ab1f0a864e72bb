import Foundation

/// How two records of the same hero become one: the newer `modified` wins, and a field the
/// winner lacks is taken from the other, so a list without counts never wipes known counts.
enum HeroMerge {
  /// What merging a record did to the catalogue.
  enum Outcome: Equatable, Sendable {
    case added
    case updated
    case unchanged
  }

  /// Whether `incoming` wins over `known`: unless `known` is strictly newer.
  static func incomingWins(_ known: Hero, _ incoming: Hero) -> Bool {
    known.modified.map { (incoming.modified ?? .distantPast) >= $0 } ?? true
  }

  /// The merged record: `incoming` wins unless `known` is strictly newer.
  static func merged(_ known: Hero, _ incoming: Hero) -> Hero {
    let incomingWins = incomingWins(known, incoming)
    var winner = incomingWins ? incoming : known
    let other = incomingWins ? known : incoming
    if winner.modified == nil { winner.modified = other.modified }
    if winner.counts.comics == nil { winner.counts.comics = other.counts.comics }
    if winner.counts.series == nil { winner.counts.series = other.counts.series }
    if winner.counts.stories == nil { winner.counts.stories = other.counts.stories }
    if winner.counts.events == nil { winner.counts.events = other.counts.events }
    if winner.description.isEmpty { winner.description = other.description }
    if winner.thumbnail == nil { winner.thumbnail = other.thumbnail }
    if winner.urls.isEmpty { winner.urls = other.urls }
    return winner
  }
}
