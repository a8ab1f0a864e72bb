import Foundation

/// What `squad catalogue` reports: heroes and comics by origin, the last change, and the files.
struct CatalogueOverview: Equatable, Sendable {
  var heroes: Int
  var heroesByOrigin: [HeroOrigin: Int]
  /// Bundled heroes whose record is labelled bundled but is not the bundled one: a field (links, a
  /// picture) filled in from an older API or imported record. A reset reverts them.
  var changedBundled = 0
  var comics: Int
  var comicsByOrigin: [HeroOrigin: Int]
  /// When the stored catalogue last changed; nil for the bundled set alone.
  var updatedAt: Date?
  var catalogueFile: String
  /// Nil when it is not written yet.
  var catalogueBytes: Int?
  var cacheFolder: String
  var cacheBytes: Int
  /// Damaged catalogues kept aside by earlier writes, whose intact records an import brings back.
  var keptAside: [String] = []
}

/// What `squad catalogue check` found: every damage of the stored file, and what is intact.
struct CatalogueCheckReport: Equatable, Sendable {
  var file: String
  /// Empty when it is whole.
  var damages: [CatalogueDamage]
  /// The heroes whose records read intact: what a repair keeps.
  var intact: Int
  /// The bundled heroes whose records were damaged, put back from the bundled set: with
  /// ``intact``, what answers meanwhile and what a repair writes.
  var restored = 0
  /// Records the file lacks because it ends before its header says (cut short), as
  /// ``CatalogueImport/Report/missing`` counts them.
  var missing = 0
  var missingComics = 0
  /// Whether the file carries checksums (format 4); an older one has none to verify.
  var checksums: Bool
  var repaired = false
  /// Whether there is a file (without one, the bundled set answers and there is nothing to check).
  var exists = true
}
