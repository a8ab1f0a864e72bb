import Foundation

/// What `squad catalogue` reports.
struct CatalogueOverview: Equatable, Sendable {
  var heroes: Int
  var heroesByOrigin: [HeroOrigin: Int]
  /// Labelled bundled but not the bundled record (a field an older record filled in): reset reverts them.
  var changedBundled = 0
  var comics: Int
  var comicsByOrigin: [HeroOrigin: Int]
  var updatedAt: Date?
  var catalogueFile: String
  /// Nil when it is not written yet.
  var catalogueBytes: Int?
  var cacheFolder: String
  var cacheBytes: Int
  var keptAside: [String] = []
}

/// What `squad catalogue check` found.
struct CatalogueCheckReport: Equatable, Sendable {
  var file: String
  var damages: [CatalogueDamage]
  var intact: Int
  /// Bundled heroes whose records were damaged, put back from the bundled set.
  var restored = 0
  /// As ``CatalogueImport/Report/missing`` counts them.
  var missing = 0
  var missingComics = 0
  var checksums: Bool
  var repaired = false
  var exists = true
}
