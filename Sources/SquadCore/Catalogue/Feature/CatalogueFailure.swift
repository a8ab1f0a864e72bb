/// Why a `catalogue` command changed nothing.
enum CatalogueFailure: Error, Equatable, Sendable {
  /// The import stopped: a bad or unreadable file, a bound passed, or the write failed.
  case importing(CatalogueImport.Failure)
  /// The stored catalogue could not be read (an overview never answers from the bundled set alone).
  case reading(PersistenceError)
  case resetting(PersistenceError)
  case repairing(PersistenceError)
}
