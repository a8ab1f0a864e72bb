import Foundation

/// Where squad keeps its files: one `--home` folder, or the XDG base directories.
public struct SquadPaths: Equatable, Sendable {
  /// The folder holding `squad.json`, `squad.lock` and the local catalogue.
  public var dataDirectory: String
  /// The folder holding the HTTP cache.
  public var cacheDirectory: String
  /// The configuration file (`config.json`).
  public var configFile: String

  /// The squad file.
  public var squadFile: String { dataDirectory + "/squad.json" }
  /// The lock every read-modify-write of the squad holds.
  public var lockFile: String { dataDirectory + "/squad.lock" }
  /// The local catalogue (``CatalogueFormat``): the bundled set and everything synced, fetched
  /// or imported. Data, not cache: imported heroes cannot be fetched again.
  public var catalogueFile: String { dataDirectory + "/catalogue.sqc" }
  /// The lock every write of the catalogue holds.
  public var catalogueLock: String { dataDirectory + "/catalogue.lock" }
  /// Where releases before the indexed format kept the catalogue; migrated on first use.
  public var legacyCatalogueFile: String { cacheDirectory + "/catalogue.json" }
  /// The folder of cached API responses.
  public var responsesDirectory: String { cacheDirectory + "/responses" }

  /// Creates explicit paths.
  public init(dataDirectory: String, cacheDirectory: String, configFile: String) {
    self.dataDirectory = dataDirectory
    self.cacheDirectory = cacheDirectory
    self.configFile = configFile
  }

  /// Everything under one folder: `DIR/squad.json`, `DIR/cache/`, `DIR/config.json`.
  public init(home: String) {
    let root = SquadPaths.absolute(home)
    self.init(dataDirectory: root, cacheDirectory: root + "/cache", configFile: root + "/config.json")
  }

  /// Resolves `--home`, then `SQUAD_HOME`, then the XDG variables with their defaults.
  public static func resolve(home: String?, environment: [String: String]) -> SquadPaths {
    if let home = home ?? environment["SQUAD_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return SquadPaths(home: home)
    }
    let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func xdg(_ variable: String, _ fallback: String) -> String {
      // The XDG spec says relative values are invalid and must be ignored.
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return userHome + "/" + fallback
    }
    return SquadPaths(
      dataDirectory: xdg("XDG_DATA_HOME", ".local/share") + "/squad",
      cacheDirectory: xdg("XDG_CACHE_HOME", ".cache") + "/squad",
      configFile: xdg("XDG_CONFIG_HOME", ".config") + "/squad/config.json")
  }

  private static func absolute(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    if expanded.hasPrefix("/") { return expanded }
    return FileManager.default.currentDirectoryPath + "/" + expanded
  }
}
