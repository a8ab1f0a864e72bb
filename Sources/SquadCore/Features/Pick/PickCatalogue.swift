/// The heroes and the squad, read without the lock (the save reads it again under the lock).
struct PickCatalogue: Equatable, Sendable {
  var index: PickIndex
  var squad: PickSquad
}
