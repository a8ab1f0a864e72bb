import Foundation

/// A Marvel character as squad knows it: what listings, `show` and the catalogue need.
///
/// A hero read from the catalogue keeps its description, picture and links as the catalogue's
/// bytes until one of them is asked for: a listing of thousands of heroes prints none of them.
public struct Hero: Hashable, Sendable, Identifiable {
  /// The Marvel character id.
  public var id: HeroID
  /// The display name, e.g. `Spider-Man (Peter Parker)`. Not unique; never used as a key.
  public var name: String
  /// When Marvel last changed the record; nil when unknown.
  public var modified: Date?
  /// How many comics, series, stories and events feature the hero, when known.
  public var counts: HeroCounts
  var storedDetails: StoredHeroDetails

  /// Creates a hero record.
  public init(
    id: HeroID, name: String, description: String = "", modified: Date? = nil,
    thumbnail: Thumbnail? = nil, counts: HeroCounts = HeroCounts(), urls: [HeroLink] = []
  ) {
    self.id = id
    self.name = name
    self.modified = modified
    self.counts = counts
    storedDetails = .decoded(HeroDetails(description: description, thumbnail: thumbnail, urls: urls))
  }

  /// The description, picture and links together (decoded once, where a record is kept encoded).
  public var details: HeroDetails {
    get { storedDetails.decoded }
    set { storedDetails = .decoded(newValue) }
  }

  /// A short biography; often empty.
  public var description: String { details.description }

  /// The picture; nil when Marvel has none.
  public var thumbnail: Thumbnail? { details.thumbnail }

  /// Public web pages about the hero.
  public var urls: [HeroLink] { details.urls }

  public static func == (left: Hero, right: Hero) -> Bool {
    left.id == right.id && left.name == right.name && left.modified == right.modified && left.counts == right.counts
      && left.storedDetails.isSame(as: right.storedDetails)
  }

  // Equal heroes share id and name; hashing no more leaves a record's details encoded.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(name)
  }
}

/// What a hero page shows beyond the listing: the description, the picture and the links.
public struct HeroDetails: Hashable, Sendable {
  /// A short biography; often empty.
  public var description = ""
  /// The picture; nil when Marvel has none.
  public var thumbnail: Thumbnail?
  /// Public web pages about the hero.
  public var urls: [HeroLink] = []
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
