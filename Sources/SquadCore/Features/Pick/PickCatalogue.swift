/// What the picker loads: the heroes in name order and the squad.
struct PickCatalogue: Equatable, Sendable {
  /// Every hero that can be picked, in name order.
  var index: PickIndex
  /// The squad as it was read (without the lock; the save reads it again under the lock).
  var squad: PickSquad
}
