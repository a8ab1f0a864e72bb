import Testing

@testable import SquadCore

@Suite struct PickScreenTests {
  func state(width: Int = 60, height: Int = 12, filter: String = "", colour: Bool = false, heroes: [Hero] = Sample.all)
    -> PickFeature.State
  {
    var state = PickFeature.State(size: TerminalSize(width: width, height: height), colour: colour, filter: filter)
    _ = PickFeature.reduce(
      &state, .heroesLoaded(.success(PickCatalogue(heroes: HeroOrdering.sorted(heroes, by: .name), squad: Squad()))))
    return state
  }

  @Test func showsTheFilterHeaderRowsDetailAndStatus() {
    var state = state(width: 80, filter: "spider")
    state.members = [Sample.spiderWoman.id]
    let lines = PickScreen.lines(state)
    #expect(lines.count == 12)
    #expect(lines[0].hasPrefix("Filter: spider▏"))
    #expect(lines[0].hasSuffix("2 of 5"))
    #expect(lines[1].contains("ID") && lines[1].contains("NAME") && lines[1].hasSuffix("COMICS"))
    #expect(lines[2].hasPrefix(">   1009610   Spider-Man (Peter Parker)"))
    #expect(lines[3].hasPrefix("  * 1009608   Spider-Woman (Jessica Drew)"))
    #expect(lines[4] == "")
    #expect(lines[9] == "Friendly neighbourhood hero.")
    #expect(lines[10] == "http://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b.jpg")
    #expect(lines[11].hasPrefix("+0 to recruit, −0 to fire"))
  }

  @Test func theComicsCountShowsAndTheHeaderStandsOverItsColumns() {
    for width in [40, 80, 120] {
      let lines = PickScreen.lines(state(width: width, filter: "hulk"))
      #expect(lines[2].hasSuffix("1700"), "\(width): \(lines[2])")
      #expect(lines[1].firstRange(of: "ID")?.lowerBound.utf16Offset(in: lines[1]) == 4)
      #expect(lines[2].firstRange(of: "1009351")?.lowerBound.utf16Offset(in: lines[2]) == 4)
      #expect(DisplayWidth.of(lines[1]) == DisplayWidth.of(lines[2]))
    }
  }

  @Test func aColouredMarkTakesOneColumnLikeAPlainOne() {
    var coloured = state(width: 80, filter: "hulk", colour: true)
    coloured.members = [Sample.hulkling.id]
    var plain = state(width: 80, filter: "hulk")
    plain.members = [Sample.hulkling.id]
    let visible = PickScreen.lines(coloured)[3].replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(visible == PickScreen.lines(plain)[3])
  }

  @Test func onAScreenTooSmallToSeeTheListNoKeyChangesAnything() {
    var small = state(width: 39, height: 9, filter: "hulk")
    _ = PickFeature.reduce(&small, .terminalResized(TerminalSize(width: 80, height: 24)))
    _ = PickFeature.reduce(&small, .keyPressed(.space))
    _ = PickFeature.reduce(&small, .terminalResized(TerminalSize(width: 39, height: 9)))
    let before = small
    #expect(before.pending.count == 1)
    for key: Key in [.space, .enter, .escape, .text("q"), .text("y"), .down] {
      // Nothing changes, and the picker goes on waiting for keys (it used to stop there).
      #expect(PickFeature.reduce(&small, .keyPressed(key)) == [.readInput])
    }
    #expect(small == before)
    _ = PickFeature.reduce(&small, .keyPressed(.control("c")))
    #expect(small.mode == .finished(.interrupted))
  }

  @Test func everyLineStaysNarrowerThanTheTerminal() {
    let wide = Hero(
      id: HeroID(1), name: String(repeating: "漢", count: 80), description: String(repeating: "x", count: 300))
    for width in [40, 41, 57, 80, 200] {
      let lines = PickScreen.lines(state(width: width, heroes: [wide, Sample.hulk]))
      for line in lines { #expect(DisplayWidth.of(line) <= width - 1, "\(width): \(line)") }
    }
  }

  @Test func wideCharactersKeepTheComicsColumnStraight() {
    let wide = Hero(id: HeroID(1), name: "漢字ヒーロー", counts: HeroCounts(comics: 7))
    let lines = PickScreen.lines(state(heroes: [wide, Sample.hulk]))
    let ends = lines[2...3].map { DisplayWidth.of($0) }
    #expect(ends[0] == ends[1])
  }

  @Test func namesWithTerminalEscapesShowAsPlainText() {
    let hostile = Hero(id: HeroID(1), name: "Evil\u{1B}[2J\u{1B}]0;owned\u{07}Hero", description: "bad\u{1B}[31mred")
    let lines = PickScreen.lines(state(heroes: [hostile]))
    #expect(!lines.joined().contains("\u{1B}"))
    #expect(!lines.joined().contains("\u{07}"))
    #expect(lines[2].contains("Evil[2J]0;ownedHero"))
  }

  @Test func pendingChangesShowAsPlusAndMinusAndAreCounted() {
    var state = state()
    state.members = [Sample.hulk.id]
    state.pending = [PendingChange(hero: Sample.hulk, kind: .fire), PendingChange(hero: Sample.thor, kind: .recruit)]
    let lines = PickScreen.lines(state)
    #expect(lines[2].hasPrefix("> − 1009351   Hulk"))
    #expect(lines[6].hasPrefix("  + 1009664   Thor"))
    #expect(lines[11].hasPrefix("+1 to recruit, −1 to fire"))
  }

  @Test func colourOnlyWhenAskedFor() {
    #expect(!PickScreen.lines(state(colour: false)).joined().contains("\u{1B}"))
    #expect(PickScreen.lines(state(colour: true))[2].hasPrefix("\u{1B}[7m"))
  }

  @Test func belowTheMinimumSizeItSaysSoWrappedToTheWidth() {
    let lines = PickScreen.lines(state(width: 39, height: 10))
    #expect(lines.count == 10)
    #expect(lines[0].hasPrefix("Terminal too small (39×10)"))
    #expect(lines.joined(separator: " ").contains("needs 40×10. q leaves."))
    let tiny = PickScreen.lines(state(width: 20, height: 5))
    #expect(tiny.count == 5)
    #expect(tiny.allSatisfy { DisplayWidth.of($0) <= 19 }, "\(tiny)")
    #expect(tiny.joined(separator: " ").hasPrefix("Terminal too small (20×5); squad pick needs"), "\(tiny)")
    #expect(PickScreen.lines(state(width: 40, height: 9))[0].hasPrefix("Terminal too small"))
    #expect(PickScreen.lines(state(width: 40, height: 10))[0].hasPrefix("Filter:"))
  }

  @Test func noMatchesSaysSo() {
    let lines = PickScreen.lines(state(filter: "zzz"))
    #expect(lines[2] == "  No hero matches “zzz”.")
    #expect(lines[0].hasSuffix("0 of 5"))
  }

  @Test func helpListsTheKeys() {
    var state = state(height: 20)
    state.mode = .help
    let text = PickScreen.lines(state).joined(separator: "\n")
    for (key, _) in PickScreen.keys { #expect(text.contains(key)) }
  }

  @Test func helpAtTheSmallestSizeWrapsAndSaysHowToSeeTheRest() {
    var small = state(width: 40, height: 10)
    _ = PickFeature.reduce(&small, .keyPressed(.text("?")))
    var seen = ""
    var lines = PickScreen.lines(small)
    #expect(lines.count == 10)
    #expect(lines[0] == "Keys of squad pick")
    #expect(lines[9].hasPrefix("1–8 of "), "\(lines[9])")
    #expect(lines[9].contains("scroll"))
    // Scrolling down a line at a time shows every key, each line within the width.
    for _ in 0..<PickScreen.helpLines(width: 39).count {
      lines = PickScreen.lines(small)
      for line in lines { #expect(DisplayWidth.of(line) <= 39, "\(line)") }
      seen += lines[1...8].joined(separator: "\n") + "\n"
      _ = PickFeature.reduce(&small, .keyPressed(.down))
    }
    for (key, meaning) in PickScreen.keys {
      #expect(seen.contains(key), "\(key)")
      #expect(seen.contains(meaning.split(separator: " ").last.map(String.init) ?? meaning), "\(meaning)")
    }
    #expect(PickScreen.lines(small)[9].contains("of \(PickScreen.helpLines(width: 39).count)"))
  }

  @Test func aNoticeComesBeforeTheCountsOnTheStatusLine() {
    var state = state(width: 40)
    state.notice = "Squad changed elsewhere; marks refreshed."
    #expect(PickScreen.lines(state).last?.hasPrefix("Squad changed elsewhere;") == true)
  }

  @Test func aLongFilterKeepsItsEndVisible() {
    let filter = String(repeating: "a", count: 60) + "END"
    #expect(PickScreen.lines(state(width: 40, filter: filter))[0].contains("END▏"))
  }
}
