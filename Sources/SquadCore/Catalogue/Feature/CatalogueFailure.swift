/// Why a `catalogue` command changed nothing.
enum CatalogueFailure: Error, Equatable, Sendable {
  case importing(CatalogueImport.Failure)
  /// An overview never answers from the bundled set alone.
  case reading(PersistenceError)
  case resetting(PersistenceError)
  case repairing(PersistenceError)
}
