/// The squad as the picker last read it from its file (no members when there is no file), and
/// which squad it is (``SquadFile/identity``): nil for the default squad and for a named squad
/// that does not exist.
struct PickSquad: Equatable, Sendable {
  var squad: Squad
  var identity: [UInt64]?
}
