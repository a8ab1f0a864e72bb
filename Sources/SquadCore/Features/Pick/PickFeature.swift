/// `squad pick`: a full-screen list of heroes to filter and pick from; ``PickScreen`` draws the
/// state. Enter saves every pending change in one locked update, the one `recruit` and `fire` use.
enum PickFeature: Feature {
  struct State: Equatable, Sendable {
    var mode: Mode = .loading
    var size: TerminalSize
    var colour = false
    var index = PickIndex()
    var members: Set<HeroID> = []
    var filter = ""
    var matches: [Int] = []
    var cursor = 0
    var scroll = 0
    var pending: [PendingChange] = []
    /// Enter saves into this squad only (``PickSquad/identity``), never one that took its name.
    var squadIdentity: [UInt64]?
    var notice: String?
    var helpScroll = 0
    /// Shown on the status line; nil for the default squad.
    var squadName: String?
    var maxMembers: Int?
    /// After a typed character a Space is text too (`iron man`); any other key or a resize ends it.
    var spaceIsText = false
    /// How many members the squad would hold if Enter saved the marks now.
    var fill: Int { pending.reduce(members.count) { $0 + ($1.kind == .recruit ? 1 : -1) } }
  }

  enum Mode: Equatable, Sendable {
    /// `help` shows the keys; `confirmingDiscard` asks whether to drop the pending marks.
    case loading, browsing, help, confirmingDiscard, saving
    case finished(PickOutcome)
  }

  enum Action: Equatable, Sendable {
    case started
    case heroesLoaded(Result<PickCatalogue, PersistenceError>)
    case keyPressed(Key)
    case terminalResized(TerminalSize)
    case squadChanged(Result<PickSquad, PersistenceError>)
    /// A second passed without a key after something changed; the screen shows it.
    case ticked
    case inputEnded
    case changesSaved(Result<SquadUpdateResult, SquadError>)
  }

  enum Effect: Equatable, Sendable {
    case loadHeroes
    case draw(ScreenFrame)
    case readInput
    case suspend
    /// No more keys: Ctrl-C interrupts again, and a stop waits (stopped holding the lock, pick would
    /// make every other command wait).
    case stopReadingKeys
    case saveChanges(recruit: [Hero], fire: [Hero], squad: [UInt64]?)
  }

  /// The longest filter kept; more typed text is ignored.
  static let maximumFilterLength = 100
  static func listHeight(_ size: TerminalSize) -> Int { max(size.height - PickScreen.chromeRows, 1) }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    // Only the key right after typed text is a space in the filter; a resize or resume breaks typing off.
    let spaceIsText = state.spaceIsText
    switch action {
    case .keyPressed, .terminalResized: state.spaceIsText = false
    default: break
    }
    switch (state.mode, action) {
    case (_, .terminalResized(let size)):
      state.size = size
      keepCursorVisible(&state)
      scrollHelp(&state, to: state.helpScroll)
      return interactive(state) ? redraw(state) : []
    case (.loading, .started): return [.loadHeroes]
    case (.loading, .heroesLoaded(.success(let catalogue))):
      state.index = catalogue.index
      state.members = catalogue.squad.squad.memberIDs
      state.maxMembers = catalogue.squad.squad.maxMembers
      state.squadIdentity = catalogue.squad.identity
      state.mode = .browsing
      refilter(&state, previous: nil)
      return redraw(state)
    case (.loading, .heroesLoaded(.failure(let error))): return finish(&state, .failed(.squad(.file(error))))
    case (.saving, .changesSaved(.success(let result))): return finish(&state, .saved(result))
    case (.saving, .changesSaved(.failure(let error))): return finish(&state, .failed(.squad(error)))
    case (_, .inputEnded) where interactive(state): return finish(&state, .failed(.terminalClosed))
    case (_, .squadChanged(let result)) where interactive(state):
      // The action that comes with it (a key, or a tick) draws the screen.
      refresh(&state, result)
      return []
    case (_, .ticked) where interactive(state): return redraw(state)
    case (_, .keyPressed(.control("z"))) where interactive(state):
      // The terminal sends Ctrl-Z as a key in raw mode; resuming redraws the whole screen.
      return [.suspend, .readInput]
    case (_, .keyPressed(.control("c"))) where interactive(state): return finish(&state, .interrupted)
    case (_, .keyPressed(let key)) where interactive(state) && !state.size.fits(PickScreen.minimumSize):
      // Nothing can be seen: only q or Esc with nothing pending (and Ctrl-C above) work, leaving.
      guard key == .text("q") || key == .escape, state.pending.isEmpty else { return [.readInput] }
      return finish(&state, .unchanged)
    case (.help, .keyPressed(let key)): return help(&state, key)
    case (.confirmingDiscard, .keyPressed(let key)):
      if key == .text("y") || key == .text("Y") { return finish(&state, .unchanged) }
      state.mode = .browsing
      return redraw(state)
    case (.browsing, .keyPressed(let key)): return browse(&state, spaceIsText && key == .space ? .text(" ") : key)
    default: return []
    }
  }

  private static func interactive(_ state: State) -> Bool {
    [.browsing, .help, .confirmingDiscard].contains(state.mode)
  }

  private static func finish(_ state: inout State, _ outcome: PickOutcome) -> [Effect] {
    state.mode = .finished(outcome)
    return []
  }

  static func redraw(_ state: State) -> [Effect] { [.draw(PickScreen.frame(state)), .readInput] }

  private static func browse(_ state: inout State, _ key: Key) -> [Effect] {
    let page = listHeight(state.size)
    state.notice = nil
    switch key {
    case .up, .control("p"): moveCursor(&state, to: state.cursor - 1)
    case .down, .control("n"), .tab: moveCursor(&state, to: state.cursor + 1)
    case .pageUp, .control("b"): moveCursor(&state, to: state.cursor - page)
    case .pageDown, .control("f"): moveCursor(&state, to: state.cursor + page)
    case .home: moveCursor(&state, to: 0)
    case .end: moveCursor(&state, to: state.matches.count - 1)
    case .space: toggle(&state)
    case .enter: return save(&state)
    case .escape: return leave(&state)
    case .text("q") where state.filter.isEmpty: return leave(&state)
    case .text("?"):
      state.mode = .help
      state.helpScroll = 0
    case .backspace:
      guard !state.filter.isEmpty else { return redraw(state) }
      state.filter.removeLast()
      refilter(&state, previous: nil)
    case .control("u"):
      state.filter = ""
      refilter(&state, previous: nil)
    case .text(let character):
      // No name is this long; a runaway paste stops growing the filter instead of slowing down.
      guard state.filter.count < maximumFilterLength else { return redraw(state) }
      let previous = state.matches
      state.filter.append(character)
      state.spaceIsText = !character.isWhitespace
      refilter(&state, previous: previous)
    default: break
    }
    return redraw(state)
  }

  private static func refilter(_ state: inout State, previous: [Int]?) {
    state.matches = state.index.matches(state.filter, within: previous)
    state.cursor = 0
    state.scroll = 0
  }

  private static func moveCursor(_ state: inout State, to row: Int) {
    state.cursor = max(0, min(row, state.matches.count - 1))
    keepCursorVisible(&state)
  }

  private static func keepCursorVisible(_ state: inout State) {
    let height = listHeight(state.size)
    if state.cursor < state.scroll { state.scroll = state.cursor }
    if state.cursor >= state.scroll + height { state.scroll = state.cursor - height + 1 }
    // A taller terminal shows more rows: never leave blank rows below while rows sit above.
    state.scroll = max(0, min(state.scroll, state.matches.count - height))
  }

  private static func toggle(_ state: inout State) {
    guard state.matches.indices.contains(state.cursor), let hero = state.index.hero(at: state.matches[state.cursor])
    else { return }
    let position = state.pending.firstIndex { $0.hero.id == hero.id }
    let grows = position.map { state.pending[$0].kind == .fire } ?? !state.members.contains(hero.id)
    // A mark that would take the squad past its limit is refused while it can still be fixed.
    if grows, let limit = state.maxMembers, state.fill >= limit {
      state.notice = "Full at \(limit): mark a member to fire first"
      return
    }
    if let position {
      state.pending.remove(at: position)
    } else {
      state.pending.append(PendingChange(hero: hero, kind: state.members.contains(hero.id) ? .fire : .recruit))
    }
    moveCursor(&state, to: state.cursor + 1)
  }

  private static func save(_ state: inout State) -> [Effect] {
    guard !state.pending.isEmpty else { return finish(&state, .unchanged) }
    // The limit fell, or members joined elsewhere: Enter keeps the picker and every mark.
    if let limit = state.maxMembers, state.fill > limit {
      state.notice = "Over the limit of \(limit) by \(state.fill - limit): unmark or fire first"
      return redraw(state)
    }
    state.mode = .saving
    let recruits = state.pending.filter { $0.kind == .recruit }.map(\.hero)
    let fires = state.pending.filter { $0.kind == .fire }.map(\.hero)
    return [
      .stopReadingKeys, .draw(PickScreen.frame(state)),
      .saveChanges(recruit: recruits, fire: fires, squad: state.squadIdentity),
    ]
  }

  private static func leave(_ state: inout State) -> [Effect] {
    guard state.pending.isEmpty else {
      state.mode = .confirmingDiscard
      return redraw(state)
    }
    return finish(&state, .unchanged)
  }

  static func help(_ state: inout State, _ key: Key) -> [Effect] {
    let page = max(PickScreen.helpHeight(state.size), 1)
    guard PickScreen.helpLines(width: state.size.width - 1).count > page else {
      state.mode = .browsing
      return redraw(state)
    }
    switch key {
    case .up, .control("p"): scrollHelp(&state, to: state.helpScroll - 1)
    case .down, .control("n"): scrollHelp(&state, to: state.helpScroll + 1)
    case .pageUp, .control("b"): scrollHelp(&state, to: state.helpScroll - page)
    case .pageDown, .control("f"), .space: scrollHelp(&state, to: state.helpScroll + page)
    case .home: scrollHelp(&state, to: 0)
    case .end: scrollHelp(&state, to: Int.max / 2)
    default:
      // A notice that came while the keys were shown is still unread: it stays until the next key.
      state.mode = .browsing
    }
    return redraw(state)
  }

  static func scrollHelp(_ state: inout State, to line: Int) {
    let last = PickScreen.helpLines(width: state.size.width - 1).count - PickScreen.helpHeight(state.size)
    state.helpScroll = max(0, min(line, last))
  }

  static func refresh(_ state: inout State, _ result: Result<PickSquad, PersistenceError>) {
    switch result {
    case .success(let squad):
      state.members = squad.squad.memberIDs
      state.maxMembers = squad.squad.maxMembers
      let before = state.pending.count
      state.pending.removeAll { ($0.kind == .recruit) == state.members.contains($0.hero.id) }
      let dropped = before - state.pending.count
      if let identity = state.squadIdentity, squad.identity != identity {
        state.notice =
          squad.identity == nil
          ? "Squad deleted elsewhere; Enter will not recreate it."
          : "Squad replaced elsewhere; Enter will not save into the new one."
      } else if dropped > 0 {
        state.notice = "Squad changed elsewhere; \(Plural.count(dropped, "mark")) dropped (done)."
      } else {
        state.notice = "Squad changed elsewhere; marks refreshed."
      }
      // Nothing left to discard: asking would make no sense.
      if state.mode == .confirmingDiscard, state.pending.isEmpty { state.mode = .browsing }
    case .failure: state.notice = "Squad file unreadable now; Enter would fail."
    }
  }
}
