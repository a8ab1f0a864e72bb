/// A Marvel character id, the only stable way to identify a hero (names change and repeat).
public struct HeroID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numeric id the Marvel API uses, e.g. `1009610` for Spider-Man (Peter Parker).
  public let rawValue: Int

  /// Wraps a numeric Marvel character id.
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (lhs: HeroID, rhs: HeroID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { String(rawValue) }
}
