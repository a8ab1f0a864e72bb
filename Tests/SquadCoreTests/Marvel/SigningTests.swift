import Testing

@testable import SquadCore

@Suite struct SigningTests {
  @Test func theHashIsMD5OfTimestampPrivateAndPublicKey() {
    let credentials = MarvelCredentials(publicKey: "1234", privateKey: "abcd")
    #expect(credentials.hash(timestamp: "1") == "ffd275c5130566a2916217b101f26150")
    #expect(
      credentials.signature(timestamp: "1") == [
        URLQueryParameter("ts", "1"), URLQueryParameter("apikey", "1234"),
        URLQueryParameter("hash", "ffd275c5130566a2916217b101f26150"),
      ])
  }

  @Test func aSignedURLCarriesTheThreeParametersAfterTheQuery() {
    let signed = MarvelURL.signed(
      "http://h/v1/public/characters?limit=2", with: TestKeys.credentials.signature(timestamp: "ts1"))
    #expect(
      signed
        == "http://h/v1/public/characters?limit=2&ts=ts1&apikey=test-public-key-1234&hash=e74fa05d40976ea59d7b1d791c7f0ca7"
    )
    #expect(MarvelURL.signed("http://h/x", with: [URLQueryParameter("ts", "1")]) == "http://h/x?ts=1")
  }

  @Test func theRedactedURLKeepsEverythingButAuthentication() {
    let signed = "http://h/v1/public/characters?limit=2&ts=ts1&apikey=pub&hash=abc&offset=4"
    #expect(MarvelURL.redacted(signed) == "http://h/v1/public/characters?limit=2&offset=4")
    #expect(MarvelURL.redacted("http://h/c?ts=1&apikey=p&hash=h") == "http://h/c")
    #expect(MarvelURL.redacted("http://h/c") == "http://h/c")
  }

  @Test func thePrivateKeyAppearsInNoDescriptionMirrorOrTrace() {
    let credentials = TestKeys.credentials
    let texts = [
      String(describing: credentials), String(reflecting: credentials), "\(credentials)",
      Mirror(reflecting: credentials).children.map { "\($0.label ?? ""): \($0.value)" }.joined(),
      ActionTrace.value(of: credentials).encoded(), ActionTrace.line(action: credentials, state: [credentials]),
      String(describing: MarvelConfiguration(keys: .complete(credentials), configFile: "/c.json")),
      String(reflecting: MarvelConfiguration.Keys.complete(credentials)),
    ]
    for text in texts {
      #expect(!text.contains(TestKeys.privateKey), "leaked in: \(text)")
    }
    #expect(String(describing: credentials).contains(TestKeys.publicKey))
    #expect(ActionTrace.value(of: credentials).encoded().contains("redacted"))
  }

  @Test func queryValuesArePercentEncoded() {
    #expect(
      URLQueryParameter("nameStartsWith", "Spider-Man & \"Ted\"").encoded
        == "nameStartsWith=Spider-Man%20%26%20%22Ted%22")
    #expect(URLQueryParameter.escape("Araña+1=2") == "Ara%C3%B1a%2B1%3D2")
    #expect(URLQueryParameter.escape("a.b_c~d-e") == "a.b_c~d-e")
  }
}
