import Foundation
import Testing

@testable import SquadCore

@Suite struct ConfigurationTests {
  let home = TemporaryDirectory()
  var configFile: String { home.file("config.json") }

  func resolve(
    baseURL: String? = nil, timeout: String? = nil, _ environment: [String: String] = [:]
  ) -> Result<MarvelConfiguration, ConfigurationError> {
    MarvelConfiguration.resolve(
      baseURLFlag: baseURL, timeoutFlag: timeout, environment: environment, configFile: configFile)
  }

  func writeConfig(_ text: String, mode: Int = 0o600) throws {
    try home.write(text, to: "config.json")
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: configFile)
  }

  @Test func withNothingSetTheDefaultsApply() throws {
    let configuration = try resolve().get()
    #expect(configuration == MarvelConfiguration(keys: .none, configFile: configFile))
    #expect(configuration.baseURL == "https://gateway.marvel.com/v1/public")
    #expect(configuration.timeout == 10)
    #expect(configuration.cacheTTL == 86_400)
  }

  @Test func flagBeatsEnvironmentBeatsConfigFile() throws {
    try writeConfig(
      #"{"publicKey":"file-public-key-1234","privateKey":"file-private-key-1234","baseURL":"https://file.example/v1/public","timeout":3,"cacheTTL":60}"#
    )
    let fromFile = try resolve().get()
    #expect(
      fromFile.keys
        == .complete(MarvelCredentials(publicKey: "file-public-key-1234", privateKey: "file-private-key-1234")))
    #expect(fromFile.baseURL == "https://file.example/v1/public")
    #expect(fromFile.timeout == 3)
    #expect(fromFile.cacheTTL == 60)

    let environment = [
      "MARVEL_PUBLIC_KEY": "env-public-key-12345", "MARVEL_PRIVATE_KEY": "env-private-key-12345",
      "MARVEL_API_BASE": "https://env.example/v1/public",
    ]
    let fromEnvironment = try resolve(environment).get()
    #expect(
      fromEnvironment.keys
        == .complete(MarvelCredentials(publicKey: "env-public-key-12345", privateKey: "env-private-key-12345")))
    #expect(fromEnvironment.baseURL == "https://env.example/v1/public")

    let fromFlags = try resolve(baseURL: "http://127.0.0.1:9/v1/public", timeout: "2.5", environment).get()
    #expect(fromFlags.baseURL == "http://127.0.0.1:9/v1/public")
    #expect(fromFlags.timeout == 2.5)
    #expect(fromFlags.cacheTTL == 60)
  }

  @Test func emptyVariablesCountAsUnset() throws {
    try writeConfig(#"{"publicKey":"file-public-key-1234","privateKey":"file-private-key-1234"}"#)
    let configuration = try resolve(["MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": "", "MARVEL_API_BASE": ""]).get()
    #expect(
      configuration.keys
        == .complete(MarvelCredentials(publicKey: "file-public-key-1234", privateKey: "file-private-key-1234")))
    #expect(configuration.baseURL == MarvelConfiguration.defaultBaseURL)
  }

  @Test func oneKeyAloneIsACredentialsErrorNamingBothVariables() throws {
    let configuration = try resolve(["MARVEL_PUBLIC_KEY": "pub"]).get()
    #expect(configuration.keys == .incomplete(missing: "MARVEL_PRIVATE_KEY"))
    guard case .failure(let error) = configuration.credentials else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.exitCode == .credentials)
    #expect(error.description.contains("MARVEL_PUBLIC_KEY"))
    #expect(error.description.contains("MARVEL_PRIVATE_KEY"))
    #expect(try resolve(["MARVEL_PRIVATE_KEY": "priv"]).get().keys == .incomplete(missing: "MARVEL_PUBLIC_KEY"))
  }

  /// Found by the attack: a private key `PRIV` was hidden inside squad's own words
  /// (`MARVEL_[redacted]ATE_KEY`). A key too short to hide safely is not used at all.
  @Test func aKeyTooShortToHideIsACredentialsErrorNamingWhereItWasSet() throws {
    let short = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": "PRIV"]
    let configuration = try resolve(short).get()
    #expect(configuration.keys == .tooShort(name: "MARVEL_PRIVATE_KEY"))
    guard case .failure(let error) = configuration.credentials else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.exitCode == .credentials)
    #expect(
      error.description.hasPrefix("MARVEL_PRIVATE_KEY is too short to be a Marvel API key: squad takes keys of 16"))
    #expect(SecretText.redact(error.description) == error.description, "no word of squad's is hidden")
    try writeConfig(#"{"publicKey":"error","privateKey":"\#(TestKeys.privateKey)"}"#)
    #expect(try resolve().get().keys == .tooShort(name: "publicKey in \(configFile)"))
    let sixteen = String(repeating: "k", count: 16)
    #expect(
      try resolve(["MARVEL_PUBLIC_KEY": sixteen, "MARVEL_PRIVATE_KEY": sixteen]).get().keys
        == .complete(MarvelCredentials(publicKey: sixteen, privateKey: sixteen)))
  }

  @Test(arguments: [
    ("{not json", "it is not a JSON object"), ("[1, 2]", "expected an object"),
    (#"{"timeout": "soon"}"#, "at timeout: expected a number"),
    (#"{"timeout": 0}"#, "timeout must be a number of seconds above 0"),
    (#"{"privateKey": 42}"#, "at privateKey: expected a string"),
    (#"{"cacheTTL": -1}"#, "cacheTTL must be a number of seconds, 0 or more"),
    // Found by the attack: this was "it is not a JSON object".
    (
      #"{"offline": true, "a": "# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}",
      "it is JSON that nests too deeply, more than 512 levels of objects and arrays"
    ),
  ])
  func aMalformedConfigFileIsInvalidDataNamingTheFile(text: String, detail: String) throws {
    try writeConfig(text)
    let result = resolve()
    #expect(result == .failure(.malformedFile(path: configFile, detail: detail)))
    guard case .failure(let error) = result else { return }
    #expect(error.exitCode == .invalidData)
    #expect(error.description.contains(configFile))
  }

  @Test func badFlagsAndVariablesAreUsageErrors() throws {
    let notHTTP = BaseURLProblem.notAURL.expectation
    #expect(
      resolve(baseURL: "ftp://x/v1")
        == .failure(.invalidBaseURL(setting: "--base-url", value: "ftp://x/v1", reason: notHTTP)))
    #expect(
      resolve(["MARVEL_API_BASE": "not a url"])
        == .failure(.invalidBaseURL(setting: "MARVEL_API_BASE", value: "not a url", reason: notHTTP)))
    #expect(resolve(timeout: "-1") == .failure(.invalidSetting(name: "--timeout", value: "-1")))
    try writeConfig(#"{"baseURL": "gateway"}"#)
    #expect(
      resolve() == .failure(.invalidBaseURL(setting: "baseURL in \(configFile)", value: "gateway", reason: notHTTP)))
    #expect(ConfigurationError.invalidBaseURL(setting: "--base-url", value: "x", reason: notHTTP).exitCode == .usage)
    #expect(ConfigurationError.invalidSetting(name: "--timeout", value: "x").exitCode == .usage)
  }

  @Test(arguments: [
    ("HTTP://127.0.0.1:8080/v1/public", "http://127.0.0.1:8080/v1/public"),
    ("Https://example.com/v1/public", "https://example.com/v1/public"),
    ("http://[::1]:8080/v1/public", "http://[::1]:8080/v1/public"),
    ("http://127.0.0.1:65535/v1", "http://127.0.0.1:65535/v1"),
  ])
  func validBaseURLsWorkWithTheSchemeLowercased(text: String, usable: String) {
    #expect(BaseURL.validate(text) == .success(usable))
  }

  @Test(arguments: [
    ("http://127.0.0.1:99999/v1/public", BaseURLProblem.badPort), ("http://127.0.0.1:0/v1", .badPort),
    ("http://127.0.0.1:9223372036854775807/v1", .badPort), ("http://127.0.0.1:9223372036854775808/v1", .badPort),
    ("http://127.0.0.1:99999999999999999999/v1", .badPort), ("http://127.0.0.1:18446744073709551616/v1", .badPort),
    ("http://h/v1/public#top", .queryOrFragment), ("http://h/v1/public?x=1", .queryOrFragment),
    ("file:///etc/hostname", .notAURL), ("http:///v1", .noHost), ("http://[::1/v1", .notAURL),
  ])
  func baseURLsThatCanNeverWorkAreRefused(text: String, problem: BaseURLProblem) {
    #expect(BaseURL.validate(text) == .failure(problem))
  }

  @Test func credentialsInABaseURLAreNeverShown() {
    let result = resolve(baseURL: "http://bob:hunter2@127.0.0.1:99999/v1")
    guard case .failure(let error) = result else {
      Issue.record("expected a failure")
      return
    }
    #expect(!error.description.contains("hunter2"))
    #expect(error.description.contains("http://127.0.0.1:99999/v1"))
    #expect(MarvelURL.redacted("http://bob:hunter2@h:1/v1/x?apikey=k&limit=2") == "http://h:1/v1/x?limit=2")
  }

  @Test func aPrivateKeyOthersCanReadEarnsAWarning() throws {
    try writeConfig(#"{"publicKey":"p","privateKey":"secret-value"}"#, mode: 0o644)
    let warnings = try resolve().get().warnings
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("chmod 600") == true)
    #expect(warnings.allSatisfy { !$0.contains("secret-value") })
    try writeConfig(#"{"publicKey":"p","privateKey":"secret-value"}"#, mode: 0o600)
    #expect(try resolve().get().warnings.isEmpty)
    try writeConfig(#"{"publicKey":"p"}"#, mode: 0o644)
    #expect(try resolve().get().warnings.isEmpty)
  }

  @Test(arguments: [
    ("http://api.example.com/v1/public", true), ("https://api.example.com/v1/public", false),
    ("http://127.0.0.1:8080/v1/public", false), ("http://127.9.9.9/v1/public", false),
    ("http://localhost:1/v1/public", false),
    ("http://[::1]:8080/v1/public", false), ("http://128.0.0.1/v1/public", true),
  ])
  func plainHTTPEarnsAWarningUnlessLoopback(url: String, warns: Bool) throws {
    let keys = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    let warnings = try resolve(baseURL: url, keys).get().warnings
    #expect(warnings.contains { $0.contains("plain http") } == warns)
  }
}
