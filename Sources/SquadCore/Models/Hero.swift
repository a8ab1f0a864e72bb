import Foundation

/// A Marvel character as `show`, `recruit` and the catalogue need it; listings read the lighter ``HeroSummary``.
struct Hero: Hashable, Sendable, Identifiable {
  var id: HeroID
  /// E.g. `Spider-Man (Peter Parker)`. Not unique; never used as a key.
  var name: String
  var description = ""
  var modified: Date?
  var thumbnail: Thumbnail?
  var counts = HeroCounts()
  var urls: [HeroLink] = []
}

/// What a listing shows of a hero, and where a catalogue holds it, to read it whole when asked. Read
/// like a whole ``Hero`` (``Hero/read(_:keepingDetails:)``), which checks the rest without keeping it.
struct HeroSummary: Hashable, Sendable, Identifiable {
  var id: HeroID
  var name: String
  var modified: Date?
  var counts: HeroCounts
  /// The hero's position in the catalogue's name order; nil for a hero from elsewhere.
  var position: Int?

  init(_ hero: Hero, position: Int? = nil) {
    id = hero.id
    name = hero.name
    modified = hero.modified
    counts = hero.counts
    self.position = position
  }
}

/// Appearance counts (Marvel's `available` fields); nil where the source did not say.
struct HeroCounts: Hashable, Sendable {
  var comics: Int?
  var series: Int?
  var stories: Int?
  var events: Int?
}
