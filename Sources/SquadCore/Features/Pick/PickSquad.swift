/// The squad as the picker last read it from its file.
struct PickSquad: Equatable, Sendable {
  /// The members (empty when the file does not exist).
  var squad: Squad
  /// Which squad it is (``SquadFile/identity``): nil for the default squad and for a named squad
  /// that does not exist.
  var identity: [UInt64]?
}
