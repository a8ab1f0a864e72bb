/// A Marvel character id, the only stable way to identify a hero (names change and repeat).
struct HeroID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numeric id the Marvel API uses, e.g. `1009610` for Spider-Man (Peter Parker).
  let rawValue: Int

  /// Wraps a numeric Marvel character id.
  init(_ rawValue: Int) { self.rawValue = rawValue }

  static func < (lhs: HeroID, rhs: HeroID) -> Bool { lhs.rawValue < rhs.rawValue }

  var description: String { String(rawValue) }
}
