import Foundation

/// A Marvel character as squad knows it: what listings, `show` and the catalogue need.
public struct Hero: Hashable, Sendable, Identifiable {
  /// The Marvel character id.
  public var id: HeroID
  /// The display name, e.g. `Spider-Man (Peter Parker)`. Not unique; never used as a key.
  public var name: String
  /// A short biography; often empty.
  public var description: String
  /// When Marvel last changed the record; nil when unknown.
  public var modified: Date?
  /// The picture; nil when Marvel has none.
  public var thumbnail: Thumbnail?
  /// How many comics, series, stories and events feature the hero, when known.
  public var counts: HeroCounts
  /// Public web pages about the hero.
  public var urls: [HeroLink]

  /// Creates a hero record.
  public init(
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

/// Appearance counts (Marvel's `available` fields); nil where the source did not say.
public struct HeroCounts: Hashable, Sendable {
  /// Comics featuring the hero.
  public var comics: Int?
  /// Series featuring the hero.
  public var series: Int?
  /// Stories featuring the hero.
  public var stories: Int?
  /// Events featuring the hero.
  public var events: Int?

  /// Creates a set of counts; omitted ones are unknown.
  public init(comics: Int? = nil, series: Int? = nil, stories: Int? = nil, events: Int? = nil) {
    self.comics = comics
    self.series = series
    self.stories = stories
    self.events = events
  }
}
