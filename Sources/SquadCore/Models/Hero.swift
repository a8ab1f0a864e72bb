import Foundation

/// A Marvel character as squad knows it: what `show`, `recruit` and the catalogue need. Listings
/// of many heroes read the lighter ``HeroSummary``.
struct Hero: Hashable, Sendable, Identifiable {
  /// The Marvel character id.
  var id: HeroID
  /// The display name, e.g. `Spider-Man (Peter Parker)`. Not unique; never used as a key.
  var name: String
  /// A short biography; often empty.
  var description: String
  /// When Marvel last changed the record; nil when unknown.
  var modified: Date?
  /// The picture; nil when Marvel has none.
  var thumbnail: Thumbnail?
  /// How many comics, series, stories and events feature the hero, when known.
  var counts: HeroCounts
  /// Public web pages about the hero.
  var urls: [HeroLink]

  /// Creates a hero record.
  init(
    id: HeroID, name: String, description: String = "", modified: Date? = nil,
    thumbnail: Thumbnail? = nil, counts: HeroCounts = HeroCounts(), urls: [HeroLink] = []
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.modified = modified
    self.thumbnail = thumbnail
    self.counts = counts
    self.urls = urls
  }
}

/// What a listing shows of a hero: its id, name, `modified` and counts, and where a catalogue
/// holds it (its position in name order), to read it whole when more is asked for. Read from a
/// record by the same reader as a whole ``Hero`` (``Hero/read(_:keepingDetails:)``), which checks
/// the rest of the record without keeping it; of a hero already whole, a view.
struct HeroSummary: Hashable, Sendable, Identifiable {
  /// The Marvel character id.
  var id: HeroID
  /// The display name.
  var name: String
  /// When Marvel last changed the record; nil when unknown.
  var modified: Date?
  /// How many comics, series, stories and events feature the hero, when known.
  var counts: HeroCounts
  /// The hero's position in the catalogue's name order; nil for a hero from elsewhere.
  var position: Int?

  /// The summary of a whole hero.
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
  /// Comics featuring the hero.
  var comics: Int?
  /// Series featuring the hero.
  var series: Int?
  /// Stories featuring the hero.
  var stories: Int?
  /// Events featuring the hero.
  var events: Int?

  /// Creates a set of counts; omitted ones are unknown.
  init(comics: Int? = nil, series: Int? = nil, stories: Int? = nil, events: Int? = nil) {
    self.comics = comics
    self.series = series
    self.stories = stories
    self.events = events
  }
}
