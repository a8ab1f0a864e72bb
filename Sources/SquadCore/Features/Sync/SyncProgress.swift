/// What a sync has received so far.
struct SyncProgress: Equatable, Sendable {
  var pageCount: Int
  /// The largest catalogue size a page announced: a server whose pages promise more than the
  /// first did (or less, having promised more) has not sent all it promised.
  var total: Int
  var pagesDone = 0
  /// Whether cached pages are revalidated (`sync --force`), pages planned later included.
  var force = false
  var tally = SyncTally()
  var attribution = DataSource.standardAttribution
  /// How many heroes the pages held (a hero on two pages counts twice).
  private(set) var received = 0
  // Only the ids are kept: the heroes themselves go to the sync's spool as pages arrive (see
  // ``SyncEffects``), so a sync of 100,000 heroes holds none of them in its state.
  private var seen: Set<HeroID> = []

  init(pageCount: Int, total: Int) {
    self.pageCount = pageCount
    self.total = total
  }

  mutating func add(_ page: MarvelPage<Hero>) {
    pagesDone += 1
    received += page.results.count
    for hero in page.results { seen.insert(hero.id) }
    tally.count(page)
    attribution = page.attribution
    total = max(total, page.total)
  }

  /// Distinct heroes received.
  var heroCount: Int { seen.count }

  var report: SyncReport {
    SyncReport(heroCount: heroCount, total: total, pages: pagesDone, tally: tally, attribution: attribution)
  }
}

extension SyncProgress: CustomTraceConvertible {
  /// Traces show how far the sync is, not the heroes received so far.
  var traceValue: JSONValue {
    .object([
      ("pagesDone", .int(pagesDone)), ("pageCount", .int(pageCount)), ("received", .int(received)),
      ("total", .int(total)), ("tally", ActionTrace.value(of: tally)),
    ])
  }
}

struct SyncTally: Equatable, Sendable {
  /// HTTP requests sent, retries included.
  var requests = 0
  /// Pages downloaded afresh (200).
  var downloaded = 0
  /// Pages revalidated with a 304, their cached bodies reused.
  var notModified = 0
  /// Pages answered from the cache within its TTL, with no request.
  var fromCache = 0

  mutating func count<Item>(_ page: MarvelPage<Item>) {
    requests += page.requests
    switch page.origin {
    case .network: downloaded += 1
    case .notModified: notModified += 1
    case .cache: fromCache += 1
    }
  }
}

/// How a finished sync went.
struct SyncReport: Equatable, Sendable {
  /// Distinct heroes received.
  var heroCount: Int
  /// The catalogue size the API announced.
  var total: Int
  var pages: Int
  var tally: SyncTally
  var attribution: String
  /// Heroes in the local catalogue after saving (bundled ones included); nil until saved.
  var catalogueSize: Int?
  /// A sentence naming each squad the sync could not refresh, or whose change it could not record.
  var squadProblems: [String] = []
  /// What refreshing the squads said that is no failure (a history's line cut short, dropped).
  var squadNotes: [String] = []
  /// Whether the catalogue file was written: false when the sync brought nothing new.
  var catalogueChanged = true
}
