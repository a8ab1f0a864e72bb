/// A Marvel character id, the only stable way to identify a hero (names change and repeat).
struct HeroID: Hashable, Comparable, Sendable, CustomStringConvertible {
  let rawValue: Int
  init(_ rawValue: Int) { self.rawValue = rawValue }
  static func < (lhs: HeroID, rhs: HeroID) -> Bool { lhs.rawValue < rhs.rawValue }
  var description: String { String(rawValue) }
}
