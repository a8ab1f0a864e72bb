import Foundation

/// What `catalogue import` was asked to take in.
public struct CatalogueImportRequest: Equatable, Sendable {
  /// The files and folders, as given.
  public var paths: [String]
  /// Import the good files and list the others, rather than stop at the first bad one.
  public var skipInvalid: Bool
  /// When the import happens (the catalogue's last change).
  public var at: Date
}
