@testable import SquadCore

/// Heroes held in memory, sorted into name order (for tests and small lists).
struct HeroListPickSource: PickHeroSource {
  private let heroes: [Hero]
  private let keys: [[UInt8]]

  /// The heroes, in name order.
  init(_ heroes: [Hero]) {
    self.heroes = HeroOrdering.sorted(heroes, by: .name)
    keys = self.heroes.map { Array(HeroName.folded($0.name).utf8) }
  }

  var count: Int { heroes.count }

  func hero(at position: Int) -> Hero? { heroes.indices.contains(position) ? heroes[position] : nil }

  func positions(prefix folded: String) -> Range<Int> {
    let wanted = Array(folded.utf8)
    guard !wanted.isEmpty else { return 0..<heroes.count }
    let lower = keys.partitioningIndex { !$0.lexicographicallyPrecedes(wanted) }
    var upper = lower
    while upper < keys.count, keys[upper].starts(with: wanted) { upper += 1 }
    return lower..<upper
  }

  func forEachFoldedName(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    for key in keys { key.withUnsafeBufferPointer(body) }
  }
}

extension Array {
  /// The first index whose element satisfies `belongsAfter`, for an array already partitioned by it.
  fileprivate func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension PickIndex {
  /// An index of heroes held in memory (sorted into name order).
  init(heroesInOrder heroes: [Hero]) { self.init(source: HeroListPickSource(heroes)) }
}

extension PickCatalogue {
  /// Heroes held in memory and a squad that exists.
  init(heroes: [Hero], squad: Squad) {
    self.init(index: PickIndex(heroesInOrder: heroes), squad: PickSquad(squad: squad))
  }
}
