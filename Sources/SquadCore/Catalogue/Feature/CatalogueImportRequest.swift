import Foundation

/// What `catalogue import` was asked to take in.
struct CatalogueImportRequest: Equatable, Sendable {
  var paths: [String]
  /// Import the good files and list the others, rather than stop at the first bad one.
  var skipInvalid: Bool
  /// The catalogue's last change.
  var at: Date
}
