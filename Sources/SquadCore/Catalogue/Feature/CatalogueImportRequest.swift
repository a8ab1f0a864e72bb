import Foundation

/// What `catalogue import` was asked to take in.
struct CatalogueImportRequest: Equatable, Sendable {
  /// The files and folders, as given.
  var paths: [String]
  /// Import the good files and list the others, rather than stop at the first bad one.
  var skipInvalid: Bool
  /// When the import happens (the catalogue's last change).
  var at: Date
}
