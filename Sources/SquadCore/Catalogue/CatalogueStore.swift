import Foundation

/// The local catalogue as the API directory and sync use it: read once per process, and taught
/// every hero the API sends. Writes happen only when something changed, under a lock, after
/// re-reading the file, so concurrent squad processes never undo each other's additions.
public final class CatalogueStore: Sendable {
  /// The catalogue file.
  public let file: CatalogueFile
  private let lockPath: String
  private let warn: @Sendable (String) -> Void
  private let loaded = Mutex<LocalCatalogue?>(nil)

  /// A store over `cache/catalogue.json`, locking `cache/catalogue.lock`; `warn` hears about a
  /// corrupt file (the bundled set answers instead).
  public init(paths: SquadPaths, warn: @escaping @Sendable (String) -> Void = { _ in }) {
    file = CatalogueFile(path: paths.catalogueFile)
    lockPath = paths.cacheDirectory + "/catalogue.lock"
    self.warn = warn
  }

  /// The catalogue: bundled heroes plus everything stored.
  public var catalogue: LocalCatalogue {
    loaded.withLock { slot in
      if let catalogue = slot { return catalogue }
      let catalogue = readFile()
      slot = catalogue
      return catalogue
    }
  }

  /// Merges heroes in (newer `modified` wins) and saves when that changed anything, or
  /// `always` (a sync, which also records when the catalogue was last confirmed).
  public func remember(_ heroes: [Hero], at date: Date, always: Bool = false) throws(PersistenceError) {
    if !always {
      var preview = catalogue
      preview.merge(heroes)
      guard !preview.hasSameHeroes(as: catalogue) else { return }
    }
    let lock = try FileLock(path: lockPath)
    defer { withExtendedLifetime(lock) {} }
    var current = readFile()
    current.merge(heroes, at: date)
    try file.save(current)
    loaded.withLock { $0 = current }
  }

  private func readFile() -> LocalCatalogue {
    do throws(PersistenceError) {
      return try file.load()
    } catch {
      warn("\(error.path) could not be read, so the bundled catalogue answers. 'squad sync' rebuilds it.")
      return LocalCatalogue()
    }
  }
}
