import Foundation

struct CatalogueImportRequest: Equatable, Sendable {
  var paths: [String]
  var skipInvalid: Bool
  var at: Date
}
