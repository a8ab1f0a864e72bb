import Foundation

/// `config.json`: optional `publicKey`, `privateKey`, `baseURL`, `timeout`, `cacheTTL` and `offline`.
struct ConfigFile: Equatable, Decodable {
  var publicKey: String?
  var privateKey: String?
  var baseURL: String?
  var timeout: Double?
  var cacheTTL: Double?
  /// Whether squad answers from the local catalogue unless told otherwise (`SQUAD_OFFLINE=0`).
  var offline: Bool?
  /// The file's permission bits; nil when there is no file.
  var mode: UInt32?

  private enum CodingKeys: String, CodingKey { case publicKey, privateKey, baseURL, timeout, cacheTTL, offline }

  static func load(_ path: String) -> Result<ConfigFile, ConfigurationError> {
    let bytes: [UInt8]
    do throws(PersistenceError) {
      guard let read = try BoundedInput.regularFile(path, limit: InputLimit.configFile) else {
        return .success(ConfigFile())
      }
      bytes = read
    } catch {
      return .failure(.unusableFile(error))
    }
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(.unreadableFile(path: path)) }
    var file: ConfigFile
    do {
      file = try JSONDecoder().decode(ConfigFile.self, from: Data(bytes))
    } catch {
      var detail = DecodingErrorText.describe(error)
      if detail == "not valid JSON" {
        detail =
          JSONReader.nestsTooDeeply(ByteOrderMark.stripped(bytes))
          ? "it is " + DecodingErrorText.nestsTooDeeply : "it is not a JSON object"
      }
      return .failure(.malformedFile(path: path, detail: detail))
    }
    if let key = repeatedKey(bytes) {
      return .failure(
        .malformedFile(path: path, detail: "'\(key)' is given twice; squad will not guess which one counts"))
    }
    if let timeout = file.timeout, !(timeout > 0 && timeout.isFinite) {
      return .failure(.malformedFile(path: path, detail: "timeout must be a number of seconds above 0"))
    }
    if let ttl = file.cacheTTL, !(ttl >= 0 && ttl.isFinite) {
      return .failure(.malformedFile(path: path, detail: "cacheTTL must be a number of seconds, 0 or more"))
    }
    file.mode = UInt32(info.st_mode)
    return .success(file)
  }

  // The first of the file's own keys given twice, if any: readers disagree on which one counts.
  private static func repeatedKey(_ bytes: [UInt8]) -> String? {
    ByteOrderMark.stripped(bytes).withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      guard reader.isObjectNext(), (try? reader.beginObject()) != nil else { return nil }
      var seen = Set<String>()
      while let key = try? reader.nextKey() {
        let name = key.string
        if CodingKeys(rawValue: name) != nil, !seen.insert(name).inserted { return name }
        guard (try? reader.skipValue()) != nil else { return nil }
      }
      return nil
    }
  }
}

enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformedFile(path: String, detail: String)
  case unreadableFile(path: String)
  /// Not a regular file, too large, unreadable.
  case unusableFile(PersistenceError)
  case invalidSetting(name: String, value: String)
  /// `setting` names where the base URL came from.
  case invalidBaseURL(setting: String, value: String, reason: String)

  var exitCode: ExitCode {
    switch self {
    case .malformedFile: return .invalidData
    case .unreadableFile: return .failure
    case .unusableFile(let error): return error.exitCode
    case .invalidSetting, .invalidBaseURL: return .usage
    }
  }

  var description: String {
    switch self {
    case .malformedFile(let path, let detail):
      return "\(path) is not a valid squad configuration: \(detail). Fix or remove it."
    case .unreadableFile(let path): return "Could not read \(path). Check its permissions."
    case .unusableFile(let error): return error.description
    case .invalidSetting(let name, let value) where name == "--timeout":
      return "The value '\(value)' is invalid for '\(name)': expected a number of seconds above 0."
    case .invalidSetting(let name, let value) where name == "SQUAD_OFFLINE":
      return "The value '\(value)' is invalid for '\(name)': expected 1, true or yes (offline), or 0, false or no."
    case .invalidSetting(let name, let value): return "The value '\(value)' is invalid for '\(name)'."
    case .invalidBaseURL(let setting, let value, let reason):
      return "The API base URL '\(value)' from \(setting) cannot be used: \(reason)."
    }
  }
}
