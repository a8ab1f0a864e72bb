import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Keeps Foundation's networking from writing outside the squad home: the shared URL cache and
/// cookie storage (which make folders under `~/.cache` and `~/.local/share`) are replaced first.
enum FoundationNetworkDefaults {
  private static let prepared: Void = {
    URLCache.shared = URLCache(
      memoryCapacity: 0, diskCapacity: 0, diskPath: FileManager.default.temporaryDirectory.path)
    #if canImport(Glibc)
      let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
      setenv("XDG_DATA_HOME", AtomicFile.folderAndName(of: Bundle.main.bundlePath).folder, 1)
      _ = HTTPCookieStorage.shared
      if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
    #endif
  }()

  static func configuration() -> URLSessionConfiguration {
    _ = prepared
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return configuration
  }
}
