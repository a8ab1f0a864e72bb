/// The heroes the picker lists, in name order, with each name folded once (trimmed, case- and
/// accent-insensitive) so filtering as the user types compares bytes, not strings.
public struct PickIndex: Equatable, Sendable {
  /// Every hero, in name order.
  public private(set) var heroes: [Hero]
  private var keys: [[UInt8]]

  /// An index of heroes already in the order they should be listed.
  public init(heroesInOrder heroes: [Hero]) {
    self.heroes = heroes
    keys = heroes.map { Array(HeroName.folded($0.name).utf8) }
  }

  /// How many heroes there are.
  public var count: Int { heroes.count }

  /// Positions of the heroes matching `filter`: names that start with it first, then names that
  /// contain it, each group in name order. All heroes for an empty filter. `within`, when given,
  /// limits the search to earlier matches (the filter only grew, so nothing else can match).
  public func matches(_ filter: String, within previous: [Int]? = nil) -> [Int] {
    let needle = Array(HeroName.folded(filter).utf8)
    guard !needle.isEmpty else { return Array(heroes.indices) }
    var starting: [Int] = []
    var containing: [Int] = []
    let candidates = previous ?? Array(heroes.indices)
    for position in candidates {
      let key = keys[position]
      if key.starts(with: needle) {
        starting.append(position)
      } else if Self.contains(key, needle) {
        containing.append(position)
      }
    }
    if previous != nil {
      // Earlier matches were grouped by the shorter filter; keep name order within each group.
      starting.sort()
      containing.sort()
    }
    return starting + containing
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return haystack.withUnsafeBufferPointer { hay in
      needle.withUnsafeBufferPointer { pin in
        let first = pin[0]
        var index = 0
        let last = hay.count - pin.count
        while index <= last {
          if hay[index] == first {
            var offset = 1
            while offset < pin.count, hay[index + offset] == pin[offset] { offset += 1 }
            if offset == pin.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }
}
