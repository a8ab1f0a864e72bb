import Testing

@testable import SquadCore

@Suite struct PickIndexTests {
  let index = PickIndex(
    heroesInOrder: ["Hulk", "Hulkling", "Red Hulk", "She-Hulk (Lyra)", "Squirrel Girl", "Thor"].enumerated().map {
      Hero(id: HeroID($0.offset + 1), name: $0.element)
    })

  func names(_ positions: [Int]) -> [String] { positions.map { index.hero(at: $0)?.name ?? "" } }

  @Test func namesStartingWithTheFilterComeFirstThenNamesContainingIt() {
    #expect(names(index.matches("hulk")) == ["Hulk", "Hulkling", "Red Hulk", "She-Hulk (Lyra)"])
    #expect(names(index.matches("ulk")) == ["Hulk", "Hulkling", "Red Hulk", "She-Hulk (Lyra)"])
    #expect(names(index.matches("r")) == ["Red Hulk", "She-Hulk (Lyra)", "Squirrel Girl", "Thor"])
  }

  @Test func matchingIgnoresCaseAndAccents() {
    #expect(names(index.matches("SQUIRR")) == ["Squirrel Girl"])
    #expect(names(index.matches("thór")) == ["Thor"])
  }

  @Test func anEmptyFilterListsEveryone() {
    #expect(index.matches("").count == 6)
  }

  @Test func narrowingWithinEarlierMatchesGivesTheSameAnswer() {
    for (shorter, longer) in [("h", "hu"), ("r", "re"), ("u", "ul"), ("", "s")] {
      #expect(index.matches(longer, within: index.matches(shorter)) == index.matches(longer), "\(shorter) → \(longer)")
    }
  }

  @Test func nothingMatchesAFilterNoNameContains() {
    #expect(index.matches("zz").isEmpty)
  }

  let spaced = PickIndex(
    heroesInOrder: [
      "Iron Fist", "Iron Man", "Iron Man (Ultimate)", "Ironclad", "Ms. Marvel", "Spider-Man", "Spider-Woman",
      "The Iron-Man Cult",
    ].enumerated().map { Hero(id: HeroID($0.offset + 1), name: $0.element) })

  func spacedNames(_ filter: String) -> [String] { spaced.matches(filter).map { spaced.hero(at: $0)?.name ?? "" } }

  @Test func hyphenDotAndSpaceMatchOneAnother() {
    for filter in ["spider man", "Spider-Man", "spider.man", "spider - man"] {
      #expect(spacedNames(filter) == ["Spider-Man"], "\(filter)")
    }
    #expect(spacedNames("iron man") == ["Iron Man", "Iron Man (Ultimate)", "The Iron-Man Cult"])
    #expect(spacedNames("ms marvel") == ["Ms. Marvel"], "a dot and a space are one separator")
    #expect(spacedNames("spider-") == ["Spider-Man", "Spider-Woman"])
  }

  @Test func aSpaceTypedLastEndsAWord() {
    #expect(spacedNames("iron ") == ["Iron Fist", "Iron Man", "Iron Man (Ultimate)", "The Iron-Man Cult"])
    #expect(spacedNames("iron man ") == ["Iron Man", "Iron Man (Ultimate)", "The Iron-Man Cult"], "a name's end too")
  }

  @Test func narrowingWithSpacesWithinEarlierMatchesGivesTheSameAnswer() {
    for (shorter, longer) in [
      ("iron", "iron "), ("iron ", "iron m"), ("spider", "spider-"), ("ms", "ms."), ("ms.", "ms. "),
    ] {
      #expect(
        spaced.matches(longer, within: spaced.matches(shorter)) == spaced.matches(longer), "\(shorter) → \(longer)")
    }
  }
}

/// A source that counts what is read from it.
final class CountingPickSource: PickHeroSource {
  private let base: HeroListPickSource
  private let reads = Mutex((heroes: 0, prefixes: 0, nameScans: 0))

  init(_ heroes: [Hero]) { base = HeroListPickSource(heroes) }

  var counts: (heroes: Int, prefixes: Int, nameScans: Int) { reads.withLock { $0 } }
  var count: Int { base.count }

  func hero(at position: Int) -> Hero? {
    reads.withLock { $0.heroes += 1 }
    return base.hero(at: position)
  }

  func positions(prefix folded: String) -> Range<Int> {
    reads.withLock { $0.prefixes += 1 }
    return base.positions(prefix: folded)
  }

  func forEachFoldedName(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    reads.withLock { $0.nameScans += 1 }
    base.forEachFoldedName(body)
  }
}

@Suite struct PickIndexReadingTests {
  let heroes = (1...5000).map { Hero(id: HeroID($0), name: "Hero \($0)") }

  @Test func theFirstScreenReadsOnlyTheHeroesItShows() {
    let source = CountingPickSource(heroes)
    var state = PickFeature.State(size: TerminalSize(width: 80, height: 24))
    let effects = PickFeature.reduce(
      &state, .heroesLoaded(.success(PickCatalogue(index: PickIndex(source: source), squad: PickSquad(squad: Squad()))))
    )
    // The reducer drew the first frame: the list's rows and the detail of the hero under the cursor.
    #expect(source.counts.heroes <= PickFeature.listHeight(state.size) + 1, "\(source.counts)")
    #expect(source.counts.nameScans == 0, "no name read for the first screen")
    guard case .draw(let frame) = effects.first else {
      Issue.record("no frame drawn: \(effects)")
      return
    }
    #expect(frame.lines[2].contains("Hero 1 "), "\(frame.lines[2])")
  }

  @Test func namesAreReadOnceWhateverIsTyped() {
    let source = CountingPickSource(heroes)
    let index = PickIndex(source: source)
    let starting = index.matches("hero 49")
    #expect(starting.prefix(3).map { index.hero(at: $0)?.name } == ["Hero 49", "Hero 490", "Hero 4900"])
    #expect(index.matches("ero 4999").map { index.hero(at: $0)?.name } == ["Hero 4999"])
    _ = index.matches("9", within: nil)
    #expect(source.counts.nameScans == 1)
    #expect(source.counts.prefixes == 3, "each filter's prefix matches come from the name index")
  }

  @Test func theCatalogueFileAndAListInMemoryAgree() {
    let local = PickIndex(
      source: LocalCatalogue(heroes: Sample.all + heroes.prefix(300)).index)
    let memory = PickIndex(heroesInOrder: Sample.all + heroes.prefix(300))
    for filter in ["", "h", "hu", "ulk", "spider", "-", "hero 1", "ero 29", "zz", "ÉRO", "spider man", "hero 2 ", ".1"]
    {
      #expect(local.matches(filter) == memory.matches(filter), "\(filter)")
    }
    #expect(local == memory)
  }
}
