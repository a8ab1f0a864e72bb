/// What a listing asks for: an optional name prefix, text within names, an order and a window.
struct HeroQuery: Hashable, Sendable {
  /// The most a single API page may hold.
  static let maximumLimit = 100
  /// The API's bound (``maximumOffsetReason``), offline too: a command line means the same either way.
  static let maximumOffset = Int(Int32.max)
  static let maximumOffsetReason = "the Marvel API's offsets are 32-bit"

  /// Case-insensitive; nil lists everyone.
  var namePrefix: String?
  /// Text the names must contain (case- and accent-insensitive, as `pick` filters); nil for any.
  var search: String?
  var order = HeroOrder.name
  var offset = 0
  /// The API's default is 20; it sends at most ``maximumLimit``.
  var limit = 20
  /// Whether the page must carry its heroes whole (``HeroPage/whole``), for output that shows
  /// their descriptions, pictures or links; else a catalogue reads only their summaries.
  var whole = false

  /// What the Marvel API cannot do for this query (`order heroes by comics`): the catalogue answers.
  var apiCannot: String? {
    if search != nil { return "search within names (only by how they start)" }
    guard order.count != nil else { return nil }
    return "order heroes by " + order.rawValue.trimmingPrefix("-")
  }
}

/// A listing's orders: the API's (name, modified) and the counts, which only the catalogue sorts by; `-` reverses.
enum HeroOrder: String, CaseIterable, Hashable, Sendable {
  case name
  case nameDescending = "-name"
  case modified
  case modifiedDescending = "-modified"
  case comics
  case comicsDescending = "-comics"
  case series
  case seriesDescending = "-series"
  case stories
  case storiesDescending = "-stories"
  case events
  case eventsDescending = "-events"
  var isDescending: Bool { rawValue.hasPrefix("-") }

  /// The count it sorts by; nil for the API's orders.
  var count: (@Sendable (HeroCounts) -> Int?)? {
    switch self {
    case .name, .nameDescending, .modified, .modifiedDescending: return nil
    case .comics, .comicsDescending: return \.comics
    case .series, .seriesDescending: return \.series
    case .stories, .storiesDescending: return \.stories
    case .events, .eventsDescending: return \.events
    }
  }
}

/// One window of a listing, and where it came from.
struct HeroPage: Hashable, Sendable {
  /// In the query's order.
  var heroes: [HeroSummary]
  /// The same heroes whole when the query asked (``HeroQuery/whole``) or the source read them so (the API).
  var whole: [Hero]?
  var offset: Int
  var total: Int
  var source: DataSource
  /// Whether this is the last page `allPages` hands over (the listing ended or fell short).
  var endsListing = false

  func endingListing() -> HeroPage {
    var page = self
    page.endsListing = true
    return page
  }

  /// `next`'s heroes after these (whole only when both are), with `next`'s total, source and end.
  func followed(by next: HeroPage) -> HeroPage {
    var joined = next
    joined.offset = offset
    joined.heroes = heroes + next.heroes
    joined.whole = whole.flatMap { mine in next.whole.map { mine + $0 } }
    return joined
  }
}

extension HeroPage {
  init(whole: [Hero], offset: Int, total: Int, source: DataSource, endsListing: Bool = false) {
    self.init(
      heroes: whole.map { HeroSummary($0) }, whole: whole, offset: offset, total: total, source: source,
      endsListing: endsListing)
  }
}
