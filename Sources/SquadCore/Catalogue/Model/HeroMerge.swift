import Foundation

/// How two records of the same hero become one: the newer `modified` wins, and a field the
/// winner lacks is taken from the other, so a list without counts never wipes known counts.
enum HeroMerge {
  enum Outcome: Equatable, Sendable {
    case added, updated, unchanged
  }

  /// Unless `known` is strictly newer.
  static func incomingWins(_ known: Hero, _ incoming: Hero) -> Bool {
    known.modified.map { (incoming.modified ?? .distantPast) >= $0 } ?? true
  }

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
