import Foundation

/// The catalogue's facts about squad members, joined when shown: counts, `modified`, totals.
extension LocalCatalogue: Equatable, CustomTraceConvertible {
  /// Two catalogues are the same when they read the same index.
  static func == (left: LocalCatalogue, right: LocalCatalogue) -> Bool { left.index === right.index }
  var traceValue: JSONValue { .object([("heroes", .int(count))]) }

  /// Where `hero` stands by each count: nil where its count is unknown; heroes whose count is unknown don't count.
  func ranks(of hero: Hero) -> [HeroRank?] {
    if let ranks = answer({ $0.ranks(of: hero) }) { return ranks }
    var others: [HeroCounts] = []
    others.reserveCapacity(count)
    for other in summaries where other.id != hero.id { others.append(other.counts) }
    return HeroRank.ranks(of: hero.counts, among: others)
  }

  /// The summary of each hero the catalogue knows, by id: one bisection of its id index each.
  func summaries(_ ids: [HeroID]) -> [HeroID: HeroSummary] {
    Dictionary(ids.compactMap { id in summary(id).map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
  }
}

extension HeroCounts {
  /// The four counts' names (plural and one), in the order every listing shows them and of ``values``.
  static let all: [(name: String, one: String)] = [
    ("comics", "comic"), ("series", "series"), ("stories", "story"), ("events", "event"),
  ]

  var values: [Int?] { [comics, series, stories, events] }
  var known: Int { values.count { $0 != nil } }

  /// Each count summed over the heroes that have it; a count no hero has known is nil (no heroes: 0).
  // Counts are at most 100,000,000 (``HeroLimits``), so no sum of a squad's overflows.
  static func total<Listed: HeroOrderable>(_ heroes: [Listed?]) -> HeroCounts {
    var sums: [Int?] = heroes.isEmpty ? [0, 0, 0, 0] : [nil, nil, nil, nil]
    for case let counts? in heroes.lazy.map({ $0?.counts }) {
      for (slot, value) in counts.values.enumerated() where value != nil {
        sums[slot] = (sums[slot] ?? 0) + (value ?? 0)
      }
    }
    return HeroCounts(comics: sums[0], series: sums[1], stories: sums[2], events: sums[3])
  }
}

/// A hero's place by one count: 1 has the most; heroes with the same count share a place
/// (competition ranking: two at 3 are both 3, the next is 5).
struct HeroRank: Equatable, Sendable {
  var position: Int
  /// How many heroes have this count known, the hero included.
  var of: Int
  var tiedWith: Int

  /// `#1 of 1,564 by comics`, `#8 of 1,564 by events (tied with 3 others)`.
  func text(_ count: String) -> String {
    let tie = tiedWith == 0 ? "" : " (tied with \(Plural.count(tiedWith, "other")))"
    return "#\(Grouped.format(position)) of \(Grouped.format(of)) by \(count)\(tie)"
  }

  /// Where `counts` stand among `others` by each count (``HeroCounts/all``), in one pass.
  static func ranks(of counts: HeroCounts, among others: [HeroCounts]) -> [HeroRank?] {
    let wanted = counts.values
    var ranks = wanted.map { $0.map { _ in HeroRank(position: 1, of: 1, tiedWith: 0) } }
    for other in others {
      for (slot, value) in other.values.enumerated() {
        guard let value, let mine = wanted[slot] else { continue }
        ranks[slot]?.of += 1
        if value > mine { ranks[slot]?.position += 1 } else if value == mine { ranks[slot]?.tiedWith += 1 }
      }
    }
    return ranks
  }

  var json: JSONValue { .object([("position", .int(position)), ("of", .int(of)), ("tiedWith", .int(tiedWith))]) }
}
