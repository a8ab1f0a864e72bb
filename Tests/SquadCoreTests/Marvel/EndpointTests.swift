import Foundation
import Testing

@testable import SquadCore

@Suite struct EndpointTests {
  let base = "https://gateway.marvel.com/v1/public"

  @Test(arguments: [
    "https://gateway.marvel.com/v1/public", "https://gateway.marvel.com/v1/public/",
    "https://gateway.marvel.com/v1/public//",
  ])
  func pathsJoinTheBaseWithOneSlash(base: String) {
    #expect(
      MarvelEndpoint.character(HeroID(1_009_610)).url(base: base)
        == "https://gateway.marvel.com/v1/public/characters/1009610")
  }

  @Test func anUnfilteredListingSendsNoParameters() {
    #expect(MarvelEndpoint.characters(CharacterFilter()).url(base: base) == base + "/characters")
  }

  @Test func everyFilterIsSentInAFixedOrder() {
    let filter = CharacterFilter(
      nameStartsWith: "Spi & \"Ted\"", orderBy: .modifiedDescending, limit: 100, offset: 200)
    #expect(
      MarvelEndpoint.characters(filter).url(base: base)
        == base + "/characters?nameStartsWith=Spi%20%26%20%22Ted%22&orderBy=-modified&limit=100&offset=200")
  }

  @Test(arguments: HeroOrder.allCases.filter { $0.count == nil })
  func everyAPIOrderIsSentAsTheAPISpellsIt(order: HeroOrder) {
    let query = MarvelEndpoint.characters(CharacterFilter(orderBy: order)).query
    #expect(query == [URLQueryParameter("orderBy", order.rawValue)])
    #expect(["name", "-name", "modified", "-modified"].contains(order.rawValue))
  }

  @Test func aHeroQueryBecomesPrefixOrderAndWindow() {
    let filter = CharacterFilter(HeroQuery(namePrefix: "spi", order: .name, offset: 0, limit: 500))
    #expect(
      filter.parameters == [
        URLQueryParameter("nameStartsWith", "spi"), URLQueryParameter("orderBy", "name"),
        URLQueryParameter("limit", "100"),
      ])
    #expect(
      CharacterFilter(HeroQuery(namePrefix: "", offset: 40, limit: 20)).parameters.map(\.name) == [
        "orderBy", "limit", "offset",
      ])
  }

  @Test func comicsAskForTheNewestOnSaleFirst() {
    let endpoint = MarvelEndpoint.comics(of: HeroID(1_009_652), order: .onSaleDescending, limit: 2, offset: 0)
    #expect(endpoint.url(base: base) == base + "/characters/1009652/comics?orderBy=-onsaleDate&limit=2")
    let paged = MarvelEndpoint.comics(of: HeroID(1), order: .onSaleDescending, limit: 20, offset: 40)
    #expect(paged.url(base: base + "/") == base + "/characters/1/comics?orderBy=-onsaleDate&limit=20&offset=40")
  }
}
