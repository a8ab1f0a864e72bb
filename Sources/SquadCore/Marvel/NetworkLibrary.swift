import Foundation
import LazyLibcurl

/// libcurl, which URLSession speaks HTTP through on Linux, loaded when squad first needs the network.
enum NetworkLibrary {
  /// When `SQUAD_LIBCURL` is unset: the OpenSSL build, then the GnuTLS one.
  static let defaultNames = ["libcurl.so.4", "libcurl-gnutls.so.4"]

  /// The libraries to try: `SQUAD_LIBCURL` (a file name or a path) alone when set.
  static func names(environment: [String: String]) -> [String] {
    guard let configured = environment["SQUAD_LIBCURL"], !configured.isEmpty else { return defaultNames }
    return [configured]
  }

  /// Why this process cannot use the network, or nil: libdispatch on Linux traps without /proc.
  static var unavailableWithoutProc: String? {
    #if os(Linux)
      guard access("/proc/self/stat", R_OK) != 0 else { return nil }
      return "squad cannot go online here: /proc is not mounted, and the system's libdispatch needs it for "
        + "network work. Mount /proc, or use --offline (every local command works without it)."
    #else
      return nil  // Darwin's libdispatch needs no /proc (and Darwin has none)
    #endif
  }

  /// Loads the first of `names` that works; the failure names every library tried and why.
  static func load(_ names: [String]) -> Result<Void, NetworkLibraryError> {
    var reasons: [String] = []
    for name in names {
      var error = [CChar](repeating: 0, count: 512)
      if lazy_libcurl_open(name, &error, error.count) == 1 { return .success(()) }
      reasons.append(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return .failure(NetworkLibraryError(detail: reasons.joinedDirectly(separator: "; ")))
  }
}

struct NetworkLibraryError: Error, Hashable, Sendable {
  /// The loader's reasons, e.g. `libcurl.so.4: cannot open shared object file: …`.
  var detail: String
}
