import Foundation

/// Runs the picker's effects: the catalogue, the squad file and the terminal.
public struct PickEffects: EffectRunner {
  private let heroes: any PickHeroSource
  private let squadFile: SquadFile
  private let terminal: any FullScreenTerminal
  private let now: @Sendable () -> Date

  /// A runner over a hero source, the squad file and a terminal.
  public init(
    heroes: any PickHeroSource, squadFile: SquadFile, terminal: any FullScreenTerminal,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.heroes = heroes
    self.squadFile = squadFile
    self.terminal = terminal
    self.now = now
  }

  public func run(_ effect: PickFeature.Effect, send: @escaping @Sendable (PickFeature.Action) async -> Void) async {
    switch effect {
    case .loadHeroes:
      let result = Result { () throws(PersistenceError) in
        PickCatalogue(heroes: heroes.heroesInNameOrder(), squad: try squadFile.load())
      }
      await send(.heroesLoaded(result))

    case .draw(let frame):
      terminal.draw(frame)

    case .readInput:
      switch terminal.nextEvent() {
      case .key(let key): await send(.keyPressed(key))
      case .resized(let size): await send(.terminalResized(size))
      case .closed: await send(.inputEnded)
      }

    case .saveChanges(let recruits, let fires):
      let date = now()
      let command = SquadCommand.pick(at: date, firing: Set(fires.map(\.id)))
      let file = squadFile
      await send(
        .changesSaved(
          Result { () throws(PersistenceError) in try file.update(command, heroes: recruits + fires, at: date) }))
    }
  }
}
