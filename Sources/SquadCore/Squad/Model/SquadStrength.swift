import Foundation

/// The catalogue's facts about squad members, joined when shown: counts, `modified`, totals.
extension LocalCatalogue: Equatable, CustomTraceConvertible {
  /// Two catalogues are the same when they read the same index.
  public static func == (left: LocalCatalogue, right: LocalCatalogue) -> Bool { left.index === right.index }

  public var traceValue: JSONValue { .object([("heroes", .int(count))]) }

  /// Where `hero` stands among every hero by each count (``HeroCounts/all``): nil where its count
  /// is unknown, and heroes whose count is unknown are not counted.
  public func ranks(of hero: Hero) -> [HeroRank?] {
    let others = heroes.filter { $0.id != hero.id }
    return HeroCounts.all.map { count in
      guard let value = hero.counts[keyPath: count.path] else { return nil }
      let known = others.compactMap { $0.counts[keyPath: count.path] }
      let above = known.filter { $0 > value }.count
      return HeroRank(position: above + 1, of: known.count + 1, tiedWith: known.filter { $0 == value }.count)
    }
  }

  /// The catalogue's record of each hero it knows, by id: one bisection of its id index each.
  public func heroes(_ ids: [HeroID]) -> [HeroID: Hero] {
    Dictionary(ids.compactMap { id in hero(id).map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
  }
}

extension HeroCounts {
  /// The four counts, in the order every listing shows them.
  static var all: [(name: String, one: String, path: WritableKeyPath<HeroCounts, Int?>)] {
    [
      ("comics", "comic", \.comics), ("series", "series", \.series), ("stories", "story", \.stories),
      ("events", "event", \.events),
    ]
  }

  /// Each count summed over the heroes that have it: an unknown one adds nothing.
  public static func total(_ heroes: [Hero?]) -> HeroCounts {
    var total = HeroCounts(comics: 0, series: 0, stories: 0, events: 0)
    for hero in heroes {
      for (_, _, path) in all {
        total[keyPath: path] = (total[keyPath: path] ?? 0) + (hero?.counts[keyPath: path] ?? 0)
      }
    }
    return total
  }
}

/// A hero's place by one count: 1 has the most; heroes with the same count share a place
/// (competition ranking: two at 3 are both 3, the next is 5).
public struct HeroRank: Equatable, Sendable {
  /// 1 plus how many heroes have more.
  public var position: Int
  /// How many heroes have this count known, the hero included.
  public var of: Int
  /// How many other heroes have the same count.
  public var tiedWith: Int

  /// `#1 of 1,564 by comics`, `#8 of 1,564 by events (tied with 3 others)`.
  func text(_ count: String) -> String {
    let tie = tiedWith == 0 ? "" : " (tied with \(Plural.count(tiedWith, "other")))"
    return "#\(Grouped.format(position)) of \(Grouped.format(of)) by \(count)\(tie)"
  }

  var json: JSONValue { .object([("position", .int(position)), ("of", .int(of)), ("tiedWith", .int(tiedWith))]) }
}
