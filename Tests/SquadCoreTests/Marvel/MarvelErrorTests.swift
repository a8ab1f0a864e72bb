import Testing

@testable import SquadCore

@Suite struct MarvelErrorTests {
  static let signed = "http://h/v1/public/characters?limit=2&ts=77&apikey=pub&hash=0123456789abcdef0123456789abcdef"
  static let all: [MarvelError] = [
    .credentials(status: 401, message: "The passed API key is invalid."),
    .notFound(message: "We couldn't find that character", url: signed),
    .rejected(status: 409, message: "You may not request more than 100 items.", url: signed),
    .throttled(attempts: 4, url: signed), .serverError(status: 503, attempts: 4, url: signed),
    .unreachable(reason: "connection refused", attempts: 4, url: signed), .timedOut(seconds: 10, url: signed),
    .invalidResponse(status: 200, detail: "an empty body", url: signed),
    .noNetworkLibrary(detail: "libcurl.so.4: cannot open shared object file: No such file or directory"),
  ]

  @Test(arguments: all)
  func everyDescriptionIsASentenceWithoutAuthentication(error: MarvelError) {
    let text = error.description
    #expect(text.hasSuffix("."))
    #expect(!text.contains("hash="))
    #expect(!text.contains("apikey="))
    #expect(!text.contains("ts="))
    #expect(!text.contains("0123456789abcdef"))
  }

  @Test func credentialErrorsNameBothVariables() {
    let text = MarvelError.credentials(status: 401, message: "x").description
    #expect(text.contains("MARVEL_PUBLIC_KEY"))
    #expect(text.contains("MARVEL_PRIVATE_KEY"))
  }

  @Test func onlyFailuresToAnswerAllowAFallback() {
    #expect(Self.all.filter(\.isUnavailable).count == 4)
    #expect(
      Self.all.map { $0.sourceError.exitCode } == [
        .credentials, .failure, .failure, .failure, .failure, .failure, .failure, .invalidData, .failure,
      ])
  }

  @Test func summariesSayWhatHappenedInAFewWords() {
    #expect(
      MarvelError.unreachable(reason: "connection refused", attempts: 4, url: "u").summary
        == "connection refused after 4 attempts")
    #expect(MarvelError.serverError(status: 500, attempts: 1, url: "u").summary == "HTTP 500")
    #expect(MarvelError.timedOut(seconds: 2.5, url: "u").summary == "no answer within 2.5 s")
  }
}
