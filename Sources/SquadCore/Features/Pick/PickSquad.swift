/// The squad as last read (no members without a file), and which one (``SquadFile/identity``).
struct PickSquad: Equatable, Sendable {
  var squad: Squad
  var identity: [UInt64]?
}
