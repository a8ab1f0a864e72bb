import Foundation

/// Everything effects may touch, injected so tests control time, files and the network.
struct AppEnvironment: Sendable {
  /// Where heroes come from (API, cache or local catalogue, per the data policy).
  var heroes: any HeroSource
  /// The squad file.
  var squadFile: SquadFile
  /// The clock.
  var now: @Sendable () -> Date
  /// Asks the user a yes/no question on the terminal; false unless they answer yes.
  var confirm: @Sendable (String) async -> Bool

  /// Creates an environment.
  init(
    heroes: any HeroSource, squadFile: SquadFile, now: @escaping @Sendable () -> Date = Date.init,
    confirm: @escaping @Sendable (String) async -> Bool = { _ in false }
  ) {
    self.heroes = heroes
    self.squadFile = squadFile
    self.now = now
    self.confirm = confirm
  }
}
