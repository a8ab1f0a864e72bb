import Foundation

extension MarvelConfiguration {
  /// Every setting by precedence: flag > environment > config file > default.
  static func resolve(
    baseURLFlag: String?, timeoutFlag: String?, offlineFlag: Bool = false, environment: [String: String],
    configFile: String
  ) -> Result<MarvelConfiguration, ConfigurationError> {
    Result { () throws(ConfigurationError) in
      let file = try ConfigFile.load(configFile).get()
      func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
      let publicKey = variable("MARVEL_PUBLIC_KEY") ?? file.publicKey.flatMap { $0.isEmpty ? nil : $0 }
      let privateKey = variable("MARVEL_PRIVATE_KEY") ?? file.privateKey.flatMap { $0.isEmpty ? nil : $0 }
      // Every key set anywhere, used or not, is hidden from messages (a short one is never used).
      SecretText.register([publicKey, privateKey, file.publicKey, file.privateKey])
      func origin(_ variable: String, _ field: String) -> String {
        environment[variable].map { !$0.isEmpty } == true ? variable : "\(field) in \(configFile)"
      }
      let keys: Keys
      switch (publicKey, privateKey) {
      case (let publicKey?, _?) where publicKey.count < SecretText.shortest:
        keys = .tooShort(name: origin("MARVEL_PUBLIC_KEY", "publicKey"))
      case (_?, let privateKey?) where privateKey.count < SecretText.shortest:
        keys = .tooShort(name: origin("MARVEL_PRIVATE_KEY", "privateKey"))
      case (let publicKey?, let privateKey?):
        keys = .complete(MarvelCredentials(publicKey: publicKey, privateKey: privateKey))
      case (nil, nil): keys = .none
      case (nil, _): keys = .incomplete(missing: "MARVEL_PUBLIC_KEY")
      case (_, nil): keys = .incomplete(missing: "MARVEL_PRIVATE_KEY")
      }

      var baseURL = defaultBaseURL
      let setting: (name: String, value: String)? =
        baseURLFlag.map { ("--base-url", $0) } ?? variable("MARVEL_API_BASE").map { ("MARVEL_API_BASE", $0) }
        ?? file.baseURL.map { ("baseURL in \(configFile)", $0) }
      if let setting {
        baseURL = try BaseURL.validate(setting.value).mapError { problem -> ConfigurationError in
          .invalidBaseURL(
            setting: setting.name, value: MarvelURL.withoutUserInfo(setting.value), reason: problem.expectation)
        }.get()
      }

      var timeout = file.timeout ?? defaultTimeout
      if let flag = timeoutFlag {
        guard let seconds = Double(flag), seconds > 0, seconds.isFinite else {
          throw .invalidSetting(name: "--timeout", value: flag)
        }
        timeout = seconds
      }

      let offline: String?
      switch (offlineFlag, variable("SQUAD_OFFLINE")?.lowercased()) {
      case (true, _): offline = "--offline"
      case (_, let value?) where ["1", "true", "yes"].contains(value): offline = "SQUAD_OFFLINE"
      case (_, let value?) where ["0", "false", "no"].contains(value): offline = nil
      case (_, let value?): throw .invalidSetting(name: "SQUAD_OFFLINE", value: value)
      case (_, nil): offline = file.offline == true ? "\"offline\": true in \(configFile)" : nil
      }

      var warnings: [String] = []
      if file.privateKey != nil, let mode = file.mode, mode & 0o077 != 0 {
        warnings.append(
          "\(configFile) holds privateKey and other users can read it (mode \(String(mode & 0o777, radix: 8))). Run 'chmod 600 \(configFile)'."
        )
      }
      if case .complete = keys, let components = URLComponents(string: baseURL),
        components.scheme?.lowercased() == "http", let host = components.host, !isLoopback(host)
      {
        warnings.append(
          "The Marvel API base URL \(MarvelURL.withoutUserInfo(baseURL)) uses plain http, so requests travel unencrypted. Use https."
        )
      }
      return MarvelConfiguration(
        keys: keys, baseURL: baseURL, timeout: timeout, cacheTTL: file.cacheTTL ?? defaultCacheTTL,
        configFile: configFile, warnings: warnings, offline: offline,
        networkLibraries: NetworkLibrary.names(environment: environment))
    }
  }

  /// 127.0.0.0/8, `localhost` and `::1`.
  static func isLoopback(_ host: String) -> Bool {
    var bare = Substring(host.lowercased())
    if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
    if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
    let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
  }
}
