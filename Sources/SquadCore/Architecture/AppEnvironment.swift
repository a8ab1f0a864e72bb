import Foundation

/// Everything effects may touch, injected so tests control time, files and the network.
struct AppEnvironment: Sendable {
  /// Where heroes come from (API, cache or local catalogue, per the data policy).
  var heroes: any HeroSource
  var squadFile: SquadFile
  var now: @Sendable () -> Date = Date.init
  /// Asks the user a yes/no question on the terminal; false unless they answer yes.
  var confirm: @Sendable (String) async -> Bool = { _ in false }
}
