/// What a sync has received so far.
public struct SyncProgress: Equatable, Sendable {
  /// How many pages the catalogue takes.
  public var pageCount: Int
  /// The largest catalogue size a page announced: a server whose pages promise more than the
  /// first did (or less, having promised more) has not sent all it promised.
  public var total: Int
  /// Pages received.
  public var pagesDone = 0
  /// Whether cached pages are revalidated (`sync --force`), pages planned later included.
  public var force = false
  /// What the pages cost.
  public var tally = SyncTally()
  /// Marvel's attribution from the answers.
  public var attribution = DataSource.standardAttribution
  /// How many heroes the pages held (a hero on two pages counts twice).
  public private(set) var received = 0
  // Only the ids are kept: the heroes themselves go to the sync's spool as pages arrive (see
  // ``SyncEffects``), so a sync of 100,000 heroes holds none of them in its state.
  private var seen: Set<HeroID> = []

  /// Progress before any page.
  public init(pageCount: Int, total: Int) {
    self.pageCount = pageCount
    self.total = total
  }

  /// Counts a page in.
  public mutating func add(_ page: MarvelPage<Hero>) {
    pagesDone += 1
    received += page.results.count
    for hero in page.results { seen.insert(hero.id) }
    tally.count(page)
    attribution = page.attribution
    total = max(total, page.total)
  }

  /// Distinct heroes received.
  public var heroCount: Int { seen.count }

  /// The report once every page is in.
  public var report: SyncReport {
    SyncReport(heroCount: heroCount, total: total, pages: pagesDone, tally: tally, attribution: attribution)
  }
}

/// What the pages of a sync cost.
public struct SyncTally: Equatable, Sendable {
  /// HTTP requests sent, retries included.
  public var requests = 0
  /// Pages downloaded afresh (200).
  public var downloaded = 0
  /// Pages revalidated with a 304, their cached bodies reused.
  public var notModified = 0
  /// Pages answered from the cache within its TTL, with no request.
  public var fromCache = 0

  /// Adds one page's cost.
  public mutating func count<Item>(_ page: MarvelPage<Item>) {
    requests += page.requests
    switch page.origin {
    case .network: downloaded += 1
    case .notModified: notModified += 1
    case .cache: fromCache += 1
    }
  }
}

/// How a finished sync went.
public struct SyncReport: Equatable, Sendable {
  /// Distinct heroes received.
  public var heroCount: Int
  /// The catalogue size the API announced.
  public var total: Int
  /// Pages fetched.
  public var pages: Int
  /// What they cost.
  public var tally: SyncTally
  /// Marvel's attribution.
  public var attribution: String
  /// Heroes in the local catalogue after saving (bundled ones included); nil until saved.
  public var catalogueSize: Int?
  /// A sentence naming each squad the sync could not refresh, or whose change it could not record.
  public var squadProblems: [String] = []
  /// What refreshing the squads said that is no failure (a history's line cut short, dropped).
  public var squadNotes: [String] = []
  /// Whether the catalogue file was written: false when the sync brought nothing new.
  public var catalogueChanged = true
}
