import Foundation

/// Where squad keeps its files: one `--home` folder, or the XDG base directories.
struct SquadPaths: Equatable, Sendable {
  var dataDirectory: String
  var cacheDirectory: String
  var configFile: String
  var squadFile: String { dataDirectory + "/squad.json" }
  var historyFile: String { dataDirectory + "/history.jsonl" }
  var squadsDirectory: String { dataDirectory + "/squads" }
  /// The lock on the set of named squads, beside where `squads/` really lives.
  var squadsLockFile: String {
    AtomicFile.folderAndName(of: OutputFile.target(of: squadsDirectory)).folder + "/squads.lock"
  }
  var deletedSquadsDirectory: String { squadsDirectory + "/.deleted" }
  /// The local catalogue (``CatalogueFormat``): data, not cache, as imported heroes cannot be fetched again.
  var catalogueFile: String { dataDirectory + "/catalogue.sqc" }
  var catalogueLock: String { dataDirectory + "/catalogue.lock" }
  /// Where releases before the indexed format kept the catalogue; migrated on first use.
  var legacyCatalogueFile: String { cacheDirectory + "/catalogue.json" }
  /// Its presence says the "Using the local catalogue" notice was shown, so it is shown once.
  var localCatalogueNoticed: String { cacheDirectory + "/local-catalogue-noticed" }
  var responsesDirectory: String { cacheDirectory + "/responses" }
}

extension SquadPaths {
  /// Everything under one folder: `DIR/squad.json`, `DIR/cache/`, `DIR/config.json`.
  init(home: String) {
    let root = SquadPaths.absolute(home)
    self.init(dataDirectory: root, cacheDirectory: root + "/cache", configFile: root + "/config.json")
  }

  /// Resolves `--home`, then `SQUAD_HOME`, then the XDG variables with their defaults.
  static func resolve(home: String?, environment: [String: String]) -> SquadPaths {
    if let home = home ?? environment["SQUAD_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return SquadPaths(home: home)
    }
    let userHome = userHome(environment) ?? "/"
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

  /// Why no folder can be chosen for squad's files, naming what to set; nil when one can.
  static func missingHome(home: String?, environment: [String: String]) -> String? {
    if home != nil || !(environment["SQUAD_HOME"] ?? "").isEmpty { return nil }
    let allXDG = ["XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"].allSatisfy {
      environment[$0]?.hasPrefix("/") == true
    }
    guard !allXDG, userHome(environment) == nil else { return nil }
    return "squad cannot tell where to keep its files: HOME is not set and this user has no home directory. "
      + "Set HOME, or SQUAD_HOME (or --home DIR), or XDG_DATA_HOME, XDG_CACHE_HOME and XDG_CONFIG_HOME."
  }

  // HOME, else the password database's home for this user; nil when neither says.
  private static func userHome(_ environment: [String: String]) -> String? {
    if let home = environment["HOME"], !home.isEmpty { return home }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    let path = String(cString: directory)
    return path.isEmpty ? nil : path
  }

  private static func absolute(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    if expanded.hasPrefix("/") { return expanded }
    return FileManager.default.currentDirectoryPath + "/" + expanded
  }
}
