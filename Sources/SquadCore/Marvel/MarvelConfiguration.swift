/// How squad reaches the Marvel API: keys, base URL, timeout and cache TTL (flag, environment, config, default).
struct MarvelConfiguration: Equatable, Sendable {
  /// Marvel's own gateway, retired in 2025 but still the documented default.
  static let defaultBaseURL = "https://gateway.marvel.com/v1/public"
  /// Seconds a request may take, retries included.
  static let defaultTimeout = 10.0
  /// Seconds a cached answer is reused without asking: 24 hours.
  static let defaultCacheTTL = 86_400.0
  var keys: Keys
  var baseURL = defaultBaseURL
  var timeout = defaultTimeout
  var cacheTTL = defaultCacheTTL
  /// The configuration file consulted (it may not exist).
  var configFile: String
  /// Things worth telling the user (a readable private key, plain http), as sentences.
  var warnings: [String] = []
  /// What made this run offline (a flag, variable or config key); nil when squad may go online.
  var offline: String? = nil
  /// The libcurl libraries to try, in order (`SQUAD_LIBCURL`, or ``NetworkLibrary/defaultNames``).
  var networkLibraries = NetworkLibrary.defaultNames

  enum Keys: Equatable, Sendable {
    /// Neither key: the local catalogue answers.
    case none
    case complete(MarvelCredentials)
    case incomplete(missing: String)
    /// Both keys, but one shorter than ``SecretText/shortest`` (`name`: where it was set).
    case tooShort(name: String)
  }

  var credentials: Result<MarvelCredentials, SourceError> {
    let both = "MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY (or publicKey and privateKey in \(configFile))"
    switch keys {
    case .complete(let credentials): return .success(credentials)
    case .none: return .failure(.credentials("No Marvel API keys are set. Set both \(both)."))
    case .incomplete(let missing):
      return .failure(
        .credentials(
          "\(missing) is not set, and squad needs both \(both). Set it, or unset the other to use the local catalogue.")
      )
    case .tooShort(let name):
      return .failure(
        .credentials(
          "\(name) is too short to be a Marvel API key: squad takes keys of \(SecretText.shortest) characters or more "
            + "(Marvel's are 32 and 40), since it hides them from every message and a shorter one could be a word of "
            + "squad's own. Set the key you were given, or unset both to use the local catalogue."))
    }
  }
}
