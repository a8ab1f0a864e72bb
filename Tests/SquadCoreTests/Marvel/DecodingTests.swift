import Foundation
import Testing

@testable import SquadCore

@Suite struct DecodingTests {
  let url = "http://127.0.0.1/v1/public/characters"

  func heroes(_ fixture: String) throws -> MarvelPage<Hero> {
    try MarvelResponseDecoder.page(Fixture.data(fixture), as: CharacterDTO.self, status: 200, url: url) { $0.hero }
      .get()
  }

  @Test func aPageKeepsItsWindowAttributionAndOrder() throws {
    let page = try heroes("characters.json")
    #expect(page.offset == 40)
    #expect(page.limit == 3)
    #expect(page.total == 1562)
    #expect(page.attribution == "Data provided by Marvel. © 2099 MARVEL")
    #expect(page.results.map(\.id) == [HeroID(1_009_610), HeroID(1_011_266), HeroID(1_010_870)])
  }

  @Test func aCharacterMapsToAHeroWithCountsFromAvailable() throws {
    let spiderMan = try #require(try heroes("characters.json").results.first)
    #expect(spiderMan.name == "Spider-Man (Peter Parker)")
    #expect(spiderMan.description == "Written for this fixture: a hero from Queens.")
    #expect(spiderMan.modified == Date(timeIntervalSince1970: 1_595_341_810))
    #expect(
      spiderMan.thumbnail
        == Thumbnail(path: "http://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b", extension: "jpg"))
    #expect(spiderMan.counts == HeroCounts(comics: 4190, series: 1130, stories: 6296, events: 41))
    #expect(
      spiderMan.urls == [
        HeroLink(type: "detail", url: "http://marvel.com/characters/54/spider-man"),
        HeroLink(type: "wiki", url: "http://marvel.com/universe/Spider-Man_(Peter_Parker)"),
      ])
  }

  @Test func theUnknownDateNullDescriptionAndPlaceholderBecomeAbsent() throws {
    let adam = try heroes("characters.json").results[1]
    #expect(adam.modified == nil)
    #expect(adam.description == "")
    #expect(adam.thumbnail == nil)
    #expect(adam.counts == HeroCounts(comics: 0, series: 0, stories: 0, events: 0))
    let ajaxis = try heroes("characters.json").results[2]
    #expect(ajaxis.description == "")
    #expect(ajaxis.modified == MarvelDate.parse("2011-02-09T07:00:00Z"))
  }

  @Test func aSingleCharacterUsesTheSameWrapper() throws {
    let page = try heroes("character.json")
    #expect(page.total == 1)
    #expect(page.results.map(\.name) == ["Thanos"])
    #expect(page.results.first?.counts.comics == 78)
  }

  @Test func comicsKeepTheirOnSaleDateAndDropMarvelsNoDate() throws {
    let page = try MarvelResponseDecoder.page(Fixture.data("comics.json"), as: ComicDTO.self, status: 200, url: url) {
      $0.comic
    }.get()
    #expect(page.total == 78)
    #expect(
      page.results == [
        Comic(
          id: 50530, title: "Fixture Annual (2014) #1", onSale: MarvelDate.parse("2014-05-28T00:00:00-0400"),
          characters: []),
        Comic(
          id: 1590, title: "Fixture Quest (1990) #6", onSale: MarvelDate.parse("1990-12-10T00:00:00-0500"),
          characters: []),
      ])
  }

  @Test func theBodyETagIsReadWhenTheHeaderIsMissing() {
    #expect(
      MarvelResponseDecoder.bodyETag(Fixture.data("characters.json")) == "f1xture0000000000000000000000000000000001")
    #expect(MarvelResponseDecoder.bodyETag(Data("<html>".utf8)) == nil)
  }

  @Test(arguments: [
    ("proxy-error.html", "an HTML page, not JSON"),
    ("truncated.json", "not valid JSON (cut short or garbled)"),
    ("wrong-shape.json", "JSON of the wrong shape, at data.results: expected an array"),
    ("missing.json", "an empty body"),
  ])
  func oddBodiesBecomeInvalidResponses(fixture: String, detail: String) {
    let result = MarvelResponseDecoder.page(Fixture.data(fixture), as: CharacterDTO.self, status: 200, url: url) {
      $0.hero
    }
    #expect(result == .failure(.invalidResponse(status: 200, detail: detail, url: url)))
  }

  /// Found by the attack: an answer nested past the readers' limit was "not valid JSON (cut
  /// short or garbled)"; one level less is read.
  @Test func anAnswerNestedTooDeeplySaysSo() {
    func body(depth: Int) -> Data {
      let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      return Data(
        (#"{"code":200,"data":{"offset":0,"limit":1,"total":1,"count":1,"results":[{"id":1,"name":"A","x":"#
          + nested + "}]}}").utf8)
    }
    // The answer, data, results and the record are four levels.
    let deep = MarvelResponseDecoder.page(body(depth: 509), as: CharacterDTO.self, status: 200, url: url) { $0.hero }
    let detail = "JSON that nests too deeply, more than 512 levels of objects and arrays"
    #expect(deep == .failure(.invalidResponse(status: 200, detail: detail, url: url)))
    let deepest = MarvelResponseDecoder.page(body(depth: 508), as: CharacterDTO.self, status: 200, url: url) {
      $0.hero
    }
    #expect((try? deepest.get())?.results.map(\.name) == ["A"])
  }

  @Test(arguments: [
    (
      #"{"code":200,"data":{"offset":0,"limit":1,"total":1,"count":1,"results":[{"id":1,"name":"A","name":"B"}]}}"#,
      "data.results[0].name"
    ),
    (#"{"code":200,"code":200,"data":{"offset":0,"limit":1,"total":1,"count":0,"results":[]}}"#, "code"),
    (#"{"code":200,"data":{"offset":0,"limit":1,"total":30,"total":5,"count":0,"results":[]}}"#, "data.total"),
  ])
  func aKeyGivenTwiceMakesAnAnswerInvalid(body: String, path: String) {
    let result = MarvelResponseDecoder.page(Data(body.utf8), as: CharacterDTO.self, status: 200, url: url) { $0.hero }
    let detail = "'\(path)' is given twice; squad will not guess which one counts"
    #expect(result == .failure(.invalidResponse(status: 200, detail: detail, url: url)))
  }

  @Test func aStringCodeWithMessageIsReadAsACredentialsError() {
    let error = MarvelResponseDecoder.error(
      status: 401, body: Fixture.data("error-invalid-credentials.json"), url: url, attempts: 1)
    #expect(error == .credentials(status: 401, message: "That hash, timestamp and key combination is invalid."))
    #expect(error.sourceError.exitCode == .credentials)
  }

  @Test func aMissingParameterIsACredentialsErrorToo() {
    let error = MarvelResponseDecoder.error(
      status: 409, body: Fixture.data("error-missing-parameter.json"), url: url, attempts: 1)
    #expect(error == .credentials(status: 409, message: "You must provide a hash."))
  }

  @Test func anIntegerCodeWithStatusIsReadAsARejection() {
    let error = MarvelResponseDecoder.error(
      status: 409, body: Fixture.data("error-limit.json"), url: url + "?limit=101", attempts: 1)
    #expect(
      error == .rejected(status: 409, message: "You may not request more than 100 items.", url: url + "?limit=101"))
    #expect(error.sourceError == .rejected(status: 409, message: "You may not request more than 100 items."))
    let missing = MarvelResponseDecoder.error(
      status: 404, body: Fixture.data("error-not-found.json"), url: url, attempts: 1)
    #expect(missing == .notFound(message: "We couldn't find that character", url: url))
  }

  @Test func statusesWithoutAReadableBodyStillBecomeTypedErrors() {
    let html = Fixture.data("proxy-error.html")
    #expect(
      MarvelResponseDecoder.error(status: 502, body: html, url: url, attempts: 4)
        == .serverError(status: 502, attempts: 4, url: url))
    #expect(
      MarvelResponseDecoder.error(status: 429, body: Data(), url: url, attempts: 4) == .throttled(attempts: 4, url: url)
    )
    #expect(
      MarvelResponseDecoder.error(status: 401, body: Data(), url: url, attempts: 1)
        == .credentials(status: 401, message: "no message (an empty body)"))
    #expect(
      MarvelResponseDecoder.error(status: 403, body: html, url: url, attempts: 1)
        == .rejected(status: 403, message: "no message (an HTML page, not JSON)", url: url))
  }
}
