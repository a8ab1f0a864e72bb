/// A hero toggled in the picker, not yet saved.
struct PendingChange: Equatable, Sendable {
  /// Recruit or fire.
  enum Kind: Equatable, Sendable {
    case recruit, fire
  }

  /// The hero.
  var hero: Hero
  /// What Enter will do to them.
  var kind: Kind
}
