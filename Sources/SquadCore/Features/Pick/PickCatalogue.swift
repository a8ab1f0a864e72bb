/// What the picker loads: the heroes in name order and the squad.
public struct PickCatalogue: Equatable, Sendable {
  /// Every hero that can be picked, in name order.
  public var index: PickIndex
  /// The squad as it was read (without the lock; the save reads it again under the lock).
  public var squad: PickSquad
}
