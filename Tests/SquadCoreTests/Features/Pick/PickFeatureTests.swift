import Foundation
import Testing

@testable import SquadCore

/// A terminal that replays scripted events and records the frames drawn.
final class ScriptedTerminal: FullScreenTerminal {
  private let events: Mutex<[TerminalEvent]>
  private let drawn = Mutex<[ScreenFrame]>([])
  private let suspensions = Mutex(0)

  init(_ events: [TerminalEvent]) { self.events = Mutex(events) }

  var frames: [ScreenFrame] { drawn.withLock { $0 } }
  private let deferrals = Mutex(0)
  var suspended: Int { suspensions.withLock { $0 } }
  var keysNoLongerRead: Int { deferrals.withLock { $0 } }

  func suspend() { suspensions.withLock { $0 += 1 } }
  func stopReadingKeys() { deferrals.withLock { $0 += 1 } }

  func draw(_ frame: ScreenFrame) { drawn.withLock { $0.append(frame) } }

  func nextEvent() -> TerminalEvent {
    events.withLock { $0.isEmpty ? .closed : $0.removeFirst() }
  }
}

@MainActor
@Suite struct PickFeatureTests {
  let home = TemporaryDirectory()
  let size = TerminalSize(width: 60, height: 10)
  // Hulk, Hulkling, Spider-Man (Peter Parker), Spider-Woman (Jessica Drew), Thor.
  let ordered = HeroOrdering.sorted(Sample.all, by: .name)

  func store(_ keys: [Key], then events: [TerminalEvent] = [], squad: Squad = Squad()) throws -> (
    TestStore<PickFeature, PickEffects>, ScriptedTerminal
  ) {
    try home.save(squad)
    let terminal = ScriptedTerminal(keys.map(TerminalEvent.key) + events)
    let runner = PickEffects(
      heroes: HeroListPickSource(Sample.all), squadFile: SquadFile(paths: SquadPaths(home: home.path)),
      terminal: terminal, now: { Sample.moment })
    return (TestStore(initialState: PickFeature.State(size: size), runner: runner), terminal)
  }

  func loaded(_ state: inout PickFeature.State, squad: Squad = Squad()) {
    state.mode = .browsing
    state.index = PickIndex(heroesInOrder: ordered)
    state.members = squad.memberIDs
    state.matches = Array(0..<5)
  }

  @Test func typingFiltersSpaceAfterAMoveMarksAndEnterSavesOnce() async throws {
    let (store, terminal) = try store([.text("t"), .text("h"), .down, .space, .enter])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.text("t"))) {
      $0.filter = "t"
      // Thor starts with it; Spider-Man (Peter Parker) contains it.
      $0.matches = [4, 2]
      $0.spaceIsText = true
    }
    await store.receive(.keyPressed(.text("h"))) {
      $0.filter = "th"
      $0.matches = [4]
    }
    // Thor is the only match: the cursor stays, but a Space after a move marks.
    await store.receive(.keyPressed(.down)) { $0.spaceIsText = false }
    await store.receive(.keyPressed(.space)) { $0.pending = [PendingChange(hero: Sample.thor, kind: .recruit)] }
    await store.receive(.keyPressed(.enter)) { $0.mode = .saving }
    let squad = Squad(members: [Sample.member(Sample.thor)])
    let result = SquadUpdateResult(squad: squad, change: SquadChange(added: squad.members))
    await store.receive(.changesSaved(.success(result))) { $0.mode = .finished(.saved(result)) }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == squad)
    #expect(terminal.frames.last?.lines.last == "Saving…")
    #expect(terminal.keysNoLongerRead == 1, "Ctrl-C works and stops wait while the save runs")
  }

  @Test func spaceOnAMemberMarksAFireAndRecruitsAndFiresSaveTogether() async throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    let (store, _) = try store([.space, .space, .enter], squad: squad)
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: squad)))) {
      loaded(&$0, squad: squad)
    }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .fire)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.space)) {
      $0.pending.append(PendingChange(hero: Sample.hulkling, kind: .recruit))
      $0.cursor = 2
    }
    await store.receive(.keyPressed(.enter)) { $0.mode = .saving }
    let after = Squad(members: [Sample.member(Sample.hulkling)])
    let change = SquadChange(added: after.members, removed: squad.members)
    let result = SquadUpdateResult(squad: after, change: change)
    await store.receive(.changesSaved(.success(result))) { $0.mode = .finished(.saved(result)) }
    store.finish()
  }

  @Test func spaceTwiceUnmarks() async throws {
    let (store, _) = try store([.space, .up, .space])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.up)) { $0.cursor = 0 }
    await store.receive(.keyPressed(.space)) {
      $0.pending = []
      $0.cursor = 1
    }
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func movingScrollsAndStopsAtTheEnds() async throws {
    // 10 rows: 5 for the list.
    let (store, _) = try store([.end, .control("p"), .home, .control("n"), .pageDown, .pageUp, .up])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.end)) { $0.cursor = 4 }
    await store.receive(.keyPressed(.control("p"))) { $0.cursor = 3 }
    await store.receive(.keyPressed(.home)) { $0.cursor = 0 }
    await store.receive(.keyPressed(.control("n"))) { $0.cursor = 1 }
    await store.receive(.keyPressed(.pageDown)) { $0.cursor = 4 }
    await store.receive(.keyPressed(.pageUp)) { $0.cursor = 0 }
    await store.receive(.keyPressed(.up))
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func aShorterTerminalScrollsTheCursorIntoView() async throws {
    let small = TerminalSize(width: 40, height: 7)
    let (store, _) = try store([.end], then: [.resized(small)])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.end)) { $0.cursor = 4 }
    await store.receive(.terminalResized(small)) {
      $0.size = small
      $0.scroll = 3
    }
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func backspaceEditsTheFilter() async throws {
    let (store, _) = try store([.text("x"), .backspace, .backspace])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.text("x"))) {
      $0.filter = "x"
      $0.matches = []
      $0.spaceIsText = true
    }
    await store.receive(.keyPressed(.backspace)) {
      $0.filter = ""
      $0.spaceIsText = false
      $0.matches = Array(0..<5)
    }
    await store.receive(.keyPressed(.backspace))
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func escapeWithChangesPendingAsksAndNoKeepsThem() async throws {
    let (store, _) = try store([.space, .escape, .text("n"), .text("q"), .text("y")])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.escape)) { $0.mode = .confirmingDiscard }
    await store.receive(.keyPressed(.text("n"))) { $0.mode = .browsing }
    await store.receive(.keyPressed(.text("q"))) { $0.mode = .confirmingDiscard }
    await store.receive(.keyPressed(.text("y"))) { $0.mode = .finished(.unchanged) }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == Squad())
  }

  @Test func escapeWithNothingPendingLeaves() async throws {
    let (store, _) = try store([.escape])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.escape)) { $0.mode = .finished(.unchanged) }
    store.finish()
  }

  @Test func qIsTextOnceAFilterIsTyped() async throws {
    let (store, _) = try store([.text("u"), .text("q")])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.text("u"))) {
      $0.filter = "u"
      $0.matches = [0, 1]
      $0.spaceIsText = true
    }
    await store.receive(.keyPressed(.text("q"))) {
      $0.filter = "uq"
      $0.matches = []
    }
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func controlCLeavesWithNothingSavedFromAnyMode() async throws {
    let (store, _) = try store([.space, .space, .text("?"), .control("c")])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.space)) {
      $0.pending.append(PendingChange(hero: Sample.hulkling, kind: .recruit))
      $0.cursor = 2
    }
    await store.receive(.keyPressed(.text("?"))) { $0.mode = .help }
    await store.receive(.keyPressed(.control("c"))) { $0.mode = .finished(.interrupted) }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == Squad())
  }

  @Test func aKeyThatDoesNotScrollLeavesHelp() async throws {
    let (store, _) = try store([.text("?"), .text("x")])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.text("?"))) { $0.mode = .help }
    await store.receive(.keyPressed(.text("x"))) { $0.mode = .browsing }
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
  }

  @Test func enterWithNothingPendingLeavesUnchanged() async throws {
    let (store, _) = try store([.enter])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.enter)) { $0.mode = .finished(.unchanged) }
    store.finish()
  }

  @Test func aCorruptSquadFileFailsBeforeAnythingIsShown() async throws {
    let (store, terminal) = try store([])
    try home.write("{not json", to: "squad.json")
    await store.send(.started)
    let error: PersistenceError
    do {
      _ = try SquadFile(paths: SquadPaths(home: home.path)).load()
      Issue.record("The corrupt file loaded")
      return
    } catch let caught {
      error = caught
    }
    await store.receive(.heroesLoaded(.failure(error))) { $0.mode = .finished(.failed(.squad(.file(error)))) }
    store.finish()
    #expect(terminal.frames.isEmpty)
  }

  @Test func aSquadChangedElsewhereRefreshesTheMarksAndDropsWhatIsAlreadyDone() async throws {
    // Hulk and Thor are marked; another process recruits Hulk before Enter: the next key finds the
    // file changed, Hulk shows as a member and his mark (now a no-op) goes; Enter saves Thor alone.
    let (store, _) = try store([.space, .end, .space, .enter])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.end)) { $0.cursor = 4 }
    let elsewhere = Squad(members: [Sample.member(Sample.hulk, at: Sample.moment.addingTimeInterval(-5))])
    try home.save(elsewhere)
    await store.receive(.keyPressed(.space)) { $0.pending.append(PendingChange(hero: Sample.thor, kind: .recruit)) }
    await store.receive(.squadChanged(.success(PickSquad(squad: elsewhere)))) {
      $0.members = [Sample.hulk.id]
      $0.pending = [PendingChange(hero: Sample.thor, kind: .recruit)]
      $0.notice = "Squad changed elsewhere; 1 mark dropped (done)."
    }
    await store.receive(.keyPressed(.enter)) {
      $0.mode = .saving
      $0.notice = nil
    }
    let after = Squad(members: elsewhere.members + [Sample.member(Sample.thor)])
    let result = SquadUpdateResult(squad: after, change: SquadChange(added: [Sample.member(Sample.thor)]))
    await store.receive(.changesSaved(.success(result))) { $0.mode = .finished(.saved(result)) }
    store.finish()
  }

  @Test func aChangeSeenWhileIdleIsDrawnWithoutAKey() async throws {
    let (store, terminal) = try store([], then: [.idle])
    await store.send(.started)
    let elsewhere = Squad(members: [Sample.member(Sample.thor)])
    try home.save(elsewhere)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.squadChanged(.success(PickSquad(squad: elsewhere)))) {
      $0.members = [Sample.thor.id]
      $0.notice = "Squad changed elsewhere; marks refreshed."
    }
    await store.receive(.ticked)
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
    #expect(terminal.frames.last?.lines.last?.hasPrefix("Squad changed elsewhere; marks refreshed.") == true)
    #expect(terminal.frames.last?.lines.contains { $0.hasPrefix("  * 1009664") } == true, "Thor marked a member")
  }

  @Test func anIdleSecondWithNoChangeDrawsNothing() async throws {
    let (store, terminal) = try store([], then: [.idle, .idle])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
    #expect(terminal.frames.count == 1)
  }

  /// The squad "six" (at most 6) created, and a picker loaded on it whose keys are Space, Enter.
  func pickingInSix() async throws -> (
    SquadPaths, SquadName, SquadFile, [UInt64], TestStore<PickFeature, PickEffects>
  ) {
    let paths = SquadPaths(home: home.path)
    let name = try SquadName.parse("six").get()
    _ = try SquadSet(paths: paths).create(name, maxMembers: 6, at: Sample.moment)
    let file = SquadFile(paths: paths, name: name)
    let identity = try #require(try file.identity)
    let terminal = ScriptedTerminal([.key(.space), .key(.enter)])
    let store = TestStore<PickFeature, PickEffects>(
      initialState: PickFeature.State(size: size),
      runner: PickEffects(heroes: HeroListPickSource(Sample.all), squadFile: file, terminal: terminal))
    var six = Squad()
    six.maxMembers = 6
    await store.send(.started)
    await store.receive(
      .heroesLoaded(
        .success(
          PickCatalogue(index: PickIndex(heroesInOrder: ordered), squad: PickSquad(squad: six, identity: identity))))
    ) {
      loaded(&$0)
      $0.squadIdentity = identity
      $0.maxMembers = 6
    }
    return (paths, name, file, identity, store)
  }

  @Test func aNamedSquadDeletedWhilePickingIsNotCreatedAgain() async throws {
    let (paths, name, file, _, store) = try await pickingInSix()
    _ = try SquadSet(paths: paths).delete(name, at: Sample.moment)
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.squadChanged(.success(PickSquad(squad: Squad())))) {
      $0.notice = "Squad deleted elsewhere; Enter will not recreate it."
      $0.maxMembers = nil
    }
    await store.receive(.keyPressed(.enter)) {
      $0.mode = .saving
      $0.notice = nil
    }
    let gone = SquadError.squadGone(squad: "six")
    await store.receive(.changesSaved(.failure(gone))) { $0.mode = .finished(.failed(.squad(gone))) }
    store.finish()
    #expect(try !file.exists, "the squad was not created again")
    #expect(gone.exitCode == .failure)
  }

  @Test func aSquadThatTookTheNameWhilePickingIsNotSavedInto() async throws {
    let (paths, name, file, identity, store) = try await pickingInSix()
    _ = try SquadSet(paths: paths).rename(name, to: try SquadName.parse("old").get(), at: Sample.moment)
    _ = try SquadSet(paths: paths).create(name, maxMembers: 2, at: Sample.moment)
    let newcomer = try #require(try file.identity)
    #expect(newcomer != identity)
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    var two = Squad()
    two.maxMembers = 2
    await store.receive(.squadChanged(.success(PickSquad(squad: two, identity: newcomer)))) {
      $0.notice = "Squad replaced elsewhere; Enter will not save into the new one."
      $0.maxMembers = 2
    }
    await store.receive(.keyPressed(.enter)) {
      $0.mode = .saving
      $0.notice = nil
    }
    let gone = SquadError.squadGone(squad: "six")
    await store.receive(.changesSaved(.failure(gone))) { $0.mode = .finished(.failed(.squad(gone))) }
    store.finish()
    #expect(try file.load() == two, "the new squad was not changed")
  }

  @Test func aNamedSquadMissingWhenThePickSavesIsNeverCreated() async throws {
    let file = SquadFile(paths: SquadPaths(home: home.path), name: try SquadName.parse("fresh").get())
    let terminal = ScriptedTerminal([.key(.space), .key(.enter)])
    let store = TestStore<PickFeature, PickEffects>(
      initialState: PickFeature.State(size: size),
      runner: PickEffects(
        heroes: HeroListPickSource(Sample.all), squadFile: file, terminal: terminal, now: { Sample.moment }))
    await store.send(.started)
    await store.receive(
      .heroesLoaded(
        .success(
          PickCatalogue(index: PickIndex(heroesInOrder: ordered), squad: PickSquad(squad: Squad()))))
    ) {
      loaded(&$0)
    }
    await store.receive(.keyPressed(.space)) {
      $0.pending = [PendingChange(hero: Sample.hulk, kind: .recruit)]
      $0.cursor = 1
    }
    await store.receive(.keyPressed(.enter)) { $0.mode = .saving }
    // Only `squads create` makes a named squad; the save refuses before any lock or folder is made.
    let gone = SquadError.squadGone(squad: "fresh")
    await store.receive(.changesSaved(.failure(gone))) { $0.mode = .finished(.failed(.squad(gone))) }
    store.finish()
    #expect(!FileManager.default.fileExists(atPath: home.file("squads")))
  }

  @Test func ctrlZSuspendsAndWaitsForTheNextKey() async throws {
    let (store, terminal) = try store([.control("z"), .text("?"), .control("z")])
    await store.send(.started)
    await store.receive(.heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad())))) { loaded(&$0) }
    await store.receive(.keyPressed(.control("z")))
    await store.receive(.keyPressed(.text("?"))) { $0.mode = .help }
    await store.receive(.keyPressed(.control("z")))
    await store.receive(.inputEnded) { $0.mode = .finished(.failed(.terminalClosed)) }
    store.finish()
    #expect(terminal.suspended == 2)
  }

  @Test func aChangeThatLeavesNothingToDiscardEndsTheQuestion() {
    var state = PickFeature.State(size: size)
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    _ = PickFeature.reduce(&state, .keyPressed(.space))
    _ = PickFeature.reduce(&state, .keyPressed(.escape))
    #expect(state.mode == .confirmingDiscard)
    let hulkIn = Squad(members: [Sample.member(Sample.hulk)])
    #expect(PickFeature.reduce(&state, .squadChanged(.success(PickSquad(squad: hulkIn)))) == [])
    #expect(state.mode == .browsing && state.pending.isEmpty)
    #expect(state.notice == "Squad changed elsewhere; 1 mark dropped (done).")
  }

  @Test func aNoticeThatCameDuringHelpIsStillShownAfterIt() {
    var state = PickFeature.State(size: size)
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    _ = PickFeature.reduce(&state, .keyPressed(.text("?")))
    _ = PickFeature.reduce(&state, .squadChanged(.failure(PersistenceError(path: "x", reason: .corrupt(detail: "y")))))
    _ = PickFeature.reduce(&state, .ticked)
    _ = PickFeature.reduce(&state, .keyPressed(.escape))
    #expect(state.mode == .browsing)
    #expect(PickScreen.lines(state).last?.hasPrefix("Squad file unreadable now; Enter would fail.") == true)
    _ = PickFeature.reduce(&state, .keyPressed(.down))
    #expect(state.notice == nil)
  }

  @Test func whenAllTheKeysFitAnyKeyGoesBack() {
    var state = PickFeature.State(size: TerminalSize(width: 100, height: 40))
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    _ = PickFeature.reduce(&state, .keyPressed(.text("?")))
    #expect(PickScreen.lines(state).last == "Any key goes back.")
    _ = PickFeature.reduce(&state, .keyPressed(.down))
    #expect(state.mode == .browsing, "the screen said any key")
  }

  @Test func helpScrollsOnASmallScreenAndAnyOtherKeyGoesBack() async throws {
    let small = TerminalSize(width: 40, height: 10)
    let all = PickScreen.helpLines(width: 39).count
    let page = PickScreen.helpHeight(small)
    #expect(all > page, "the keys do not fit on 40×10: \(all) lines for \(page)")
    var state = PickFeature.State(size: small)
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    _ = PickFeature.reduce(&state, .keyPressed(.text("?")))
    #expect(state.mode == .help && state.helpScroll == 0)
    _ = PickFeature.reduce(&state, .keyPressed(.down))
    #expect(state.helpScroll == 1)
    _ = PickFeature.reduce(&state, .keyPressed(.pageDown))
    #expect(state.helpScroll == min(1 + page, all - page))
    _ = PickFeature.reduce(&state, .keyPressed(.end))
    #expect(state.helpScroll == all - page)
    _ = PickFeature.reduce(&state, .keyPressed(.down))
    #expect(state.helpScroll == all - page, "stops at the last line")
    // A taller screen shows more: the scroll never leaves blank lines below.
    _ = PickFeature.reduce(&state, .terminalResized(TerminalSize(width: 120, height: 40)))
    #expect(state.helpScroll == 0)
    _ = PickFeature.reduce(&state, .terminalResized(small))
    _ = PickFeature.reduce(&state, .keyPressed(.home))
    #expect(state.helpScroll == 0)
    _ = PickFeature.reduce(&state, .keyPressed(.text("x")))
    #expect(state.mode == .browsing)
  }

  func typed(_ text: String, into state: inout PickFeature.State) {
    for character in text {
      _ = PickFeature.reduce(&state, .keyPressed(character == " " ? .space : .text(character)))
    }
  }

  @Test func aSpaceRightAfterTypedTextIsFilterTextAndASecondSpaceMarks() {
    var state = PickFeature.State(size: size)
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    typed("peter ", into: &state)
    #expect(state.filter == "peter " && state.pending.isEmpty, "the name is typed as it is spelt")
    #expect(state.matches.map { state.index.hero(at: $0)?.name } == ["Spider-Man (Peter Parker)"])
    typed(" ", into: &state)
    #expect(state.filter == "peter ")
    #expect(state.pending == [PendingChange(hero: Sample.spiderMan, kind: .recruit)], "two spaces mark")
  }

  @Test func aSpaceAfterAnyOtherKeyOrAResizeMarks() {
    let between: [[PickFeature.Action]] = [
      [.keyPressed(.text("x")), .keyPressed(.backspace)], [.keyPressed(.down), .keyPressed(.up)],
      [.keyPressed(.control("z"))],
      // A resume after a stop from outside (SIGTSTP, SIGSTOP) comes as a resize.
      [.terminalResized(size)],
    ]
    for actions in between {
      var state = PickFeature.State(size: size)
      _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
      for action in [.keyPressed(.text("h"))] + actions + [.keyPressed(.space)] {
        _ = PickFeature.reduce(&state, action)
      }
      #expect(state.filter == "h", "\(actions)")
      #expect(state.pending == [PendingChange(hero: Sample.hulk, kind: .recruit)], "\(actions)")
    }
  }

  @Test func aSpaceAfterAFilterGivenOnTheCommandLineMarks() {
    var state = PickFeature.State(size: size, filter: "hulk")
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    _ = PickFeature.reduce(&state, .keyPressed(.space))
    #expect(state.filter == "hulk")
    #expect(state.pending == [PendingChange(hero: Sample.hulk, kind: .recruit)])
  }

  @Test func theFilterStopsGrowingAtItsLimit() {
    var state = PickFeature.State(size: size, filter: String(repeating: "a", count: PickFeature.maximumFilterLength))
    _ = PickFeature.reduce(&state, .heroesLoaded(.success(PickCatalogue(heroes: ordered, squad: Squad()))))
    let before = state
    let effects = PickFeature.reduce(&state, .keyPressed(.text("b")))
    #expect(state == before)
    #expect(effects.last == .readInput)
  }
}
