import Dispatch
import Foundation

struct PickEffects: EffectRunner {
  private let heroes: any PickHeroSource
  private let squadFile: SquadFile
  private let watch: SquadFileWatch
  private let terminal: any FullScreenTerminal
  private let now: @Sendable () -> Date

  init(
    heroes: any PickHeroSource, squadFile: SquadFile, terminal: any FullScreenTerminal,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.heroes = heroes
    self.squadFile = squadFile
    watch = SquadFileWatch(squadFile: squadFile)
    self.terminal = terminal
    self.now = now
  }

  func run(_ effect: PickFeature.Effect, send: @escaping @Sendable (PickFeature.Action) async -> Void) async {
    switch effect {
    case .loadHeroes:
      let index = PickIndex(source: heroes)
      let result = Result { () throws(PersistenceError) in PickCatalogue(index: index, squad: try watch.read()) }
      // Names that merely contain a filter need every name: read them while the first screen shows.
      if case .success = result { DispatchQueue.global(qos: .userInitiated).async { index.prepareSearch() } }
      await send(.heroesLoaded(result))
    case .draw(let frame): terminal.draw(frame)
    case .readInput: await readInput(send: send)
    case .suspend: terminal.suspend()
    case .stopReadingKeys: terminal.stopReadingKeys()
    case .saveChanges(let recruits, let fires, let identity):
      let date = now()
      let command = SquadCommand.pick(at: date, firing: Set(fires.map(\.id)))
      let file = squadFile
      let saved = Result { () throws(SquadError) in
        try file.change(by: command.name, at: date) { snapshot throws(SquadError) in
          try SquadFeature.plan(command, heroes: recruits + fires, identity: identity, in: snapshot)
        }.0
      }
      await send(.changesSaved(saved))
    }
  }

  // Each key (and quiet second) first checks the squad file: marks follow other processes' changes.
  private func readInput(send: @escaping @Sendable (PickFeature.Action) async -> Void) async {
    while true {
      let event = terminal.nextEvent()
      let change = watch.changed()
      if let change { await send(.squadChanged(change)) }
      switch event {
      case .idle:
        guard change != nil else { continue }
        await send(.ticked)
      case .key(let key): await send(.keyPressed(key))
      case .resized(let size): await send(.terminalResized(size))
      case .closed: await send(.inputEnded)
      }
      return
    }
  }
}
