#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The heroes the picker lists, in name order, with each name folded once (trimmed, case- and
/// accent-insensitive) into one buffer, so filtering as the user types is `memcmp` and `memmem`
/// over bytes rather than string comparisons: a keystroke on 100,000 heroes stays within a frame.
public struct PickIndex: Equatable, Sendable {
  /// Every hero, in name order.
  public private(set) var heroes: [Hero]
  private var keyBytes: [UInt8] = []
  // Where each folded name starts in `keyBytes`; one more entry marks the end of the last.
  private var keyStarts: [Int] = [0]

  /// An index of heroes already in the order they should be listed.
  public init(heroesInOrder heroes: [Hero]) {
    self.heroes = heroes
    keyStarts.reserveCapacity(heroes.count + 1)
    keyBytes.reserveCapacity(heroes.count * 24)
    for hero in heroes {
      keyBytes.append(contentsOf: HeroName.folded(hero.name).utf8)
      keyStarts.append(keyBytes.count)
    }
  }

  /// How many heroes there are.
  public var count: Int { heroes.count }

  public static func == (left: PickIndex, right: PickIndex) -> Bool { left.heroes == right.heroes }

  /// Positions of the heroes matching `filter`: names that start with it first, then names that
  /// contain it, each group in name order. All heroes for an empty filter. `within`, when given,
  /// limits the search to earlier matches (the filter only grew, so nothing else can match).
  public func matches(_ filter: String, within previous: [Int]? = nil) -> [Int] {
    let needle = Array(HeroName.folded(filter).utf8)
    guard !needle.isEmpty else { return Array(heroes.indices) }
    var starting: [Int] = []
    var containing: [Int] = []
    keyBytes.withUnsafeBufferPointer { bytes in
      needle.withUnsafeBufferPointer { pin in
        func classify(_ position: Int) {
          let start = keyStarts[position]
          let length = keyStarts[position + 1] - start
          guard length >= pin.count, let base = bytes.baseAddress, let wanted = pin.baseAddress else { return }
          if memcmp(base + start, wanted, pin.count) == 0 {
            starting.append(position)
          } else if Self.contains(base + start, length, wanted, pin.count) {
            containing.append(position)
          }
        }
        if let previous {
          for position in previous { classify(position) }
        } else {
          for position in heroes.indices { classify(position) }
        }
      }
    }
    if previous != nil {
      // Earlier matches were grouped by the shorter filter; keep name order within each group.
      starting.sort()
      containing.sort()
    }
    return starting + containing
  }

  // memmem is a GNU extension Swift's Glibc module does not export: memchr for the first byte,
  // then memcmp for the rest.
  private static func contains(
    _ haystack: UnsafePointer<UInt8>, _ length: Int, _ needle: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    var cursor = haystack
    let last = haystack + (length - count)
    while cursor <= last {
      guard let found = memchr(cursor, Int32(needle[0]), last - cursor + 1) else { return false }
      let candidate = found.assumingMemoryBound(to: UInt8.self)
      if memcmp(candidate, needle, count) == 0 { return true }
      cursor = UnsafePointer(candidate + 1)
    }
    return false
  }
}
