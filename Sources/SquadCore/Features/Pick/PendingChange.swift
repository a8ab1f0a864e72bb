struct PendingChange: Equatable, Sendable {
  enum Kind: Equatable, Sendable { case recruit, fire }
  var hero: Hero
  var kind: Kind
}
