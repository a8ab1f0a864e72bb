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
}
