/// The squad as the picker last read it from its file.
public struct PickSquad: Equatable, Sendable {
  /// The members (empty when the file does not exist).
  public var squad: Squad
  /// Whether the squad exists: always for the default squad; for a named squad, whether its
  /// file does.
  public var exists: Bool

  /// A squad as read.
  public init(squad: Squad, exists: Bool = true) {
    self.squad = squad
    self.exists = exists
  }
}
