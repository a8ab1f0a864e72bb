/// A hero toggled in the picker, not yet saved.
public struct PendingChange: Equatable, Sendable {
  /// Recruit or fire.
  public enum Kind: Equatable, Sendable {
    case recruit, fire
  }

  /// The hero.
  public var hero: Hero
  /// What Enter will do to them.
  public var kind: Kind
}
