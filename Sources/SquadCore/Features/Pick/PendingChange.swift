/// A hero toggled in the picker, not yet saved: Enter recruits or fires them.
struct PendingChange: Equatable, Sendable {
  enum Kind: Equatable, Sendable { case recruit, fire }
  var hero: Hero
  var kind: Kind
}
