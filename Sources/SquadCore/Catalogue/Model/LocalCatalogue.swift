import Foundation

/// Every hero squad knows without asking the API, by id: one indexed catalogue, mapped or compiled
/// in, where a lookup reads only the records it returns. Never answers from bytes that fail their check.
struct LocalCatalogue: Sendable {
  let index: CatalogueIndex

  func answer<T>(_ body: (CatalogueIndex) -> T) -> T {
    let answer = body(index)
    return index.isDamaged ? body(index.intact) : answer
  }

  /// Every byte verified first, so that a view of all of it is of what is intact from the start.
  var verified: LocalCatalogue {
    if !index.damages().isEmpty { index.noteDamage() }
    return index.isDamaged ? LocalCatalogue(index: index.intact) : self
  }

  var summaries: [HeroSummary] {
    var summaries: [HeroSummary] = []
    summaries.reserveCapacity(index.count)
    index.eachHero(whole: false) { hero, _ in summaries.append(HeroSummary(hero, position: summaries.count)) }
    return index.isDamaged ? LocalCatalogue(index: index.intact).summaries : summaries
  }

  var count: Int { answer(\.count) }
  var updatedAt: Date? { index.header.updatedAt }

  func hero(_ id: HeroID) -> Hero? { answer { $0.entry(id: id)?.hero } }

  func summary(_ id: HeroID) -> HeroSummary? {
    answer { $0.entry(id: id, whole: false).map { HeroSummary($0.hero) } }
  }

  /// Why ``hero(_:)`` finds none, rather than there being no such hero.
  func recordIsDamaged(_ id: HeroID) -> Bool { index.recordIsDamaged(id: id) }

  func origin(of id: HeroID) -> HeroOrigin? { answer { $0.entry(id: id)?.origin } }
  var heroesByOrigin: [HeroOrigin: Int] { answer(\.header.heroes.byOrigin) }
  var comicsByOrigin: [HeroOrigin: Int] { answer(\.header.comicsByOrigin.byOrigin) }
  var comicCount: Int { answer(\.header.comicCount) }

  /// `relabelled`: updated from the API or an import; `filledIn`: labelled bundled but not the
  /// bundled record (``CatalogueBuilder/label(_:_:over:from:)``). What a reset reverts.
  func bundledStanding() -> (same: Int, relabelled: Int, filledIn: Int) {
    var standing = (same: 0, relabelled: 0, filledIn: 0)
    BundledCatalogue.index.eachHero { bundled, _ in
      guard let stored = answer({ $0.entry(id: bundled.id) }) else { return }
      if stored.origin != .bundled {
        standing.relabelled += 1
      } else if stored.hero != bundled {
        standing.filledIn += 1
      } else {
        standing.same += 1
      }
    }
    return standing
  }

  var bundledFingerprint: String { index.header.bundled }

  func comics(of id: HeroID) -> [Comic] { answer { $0.comics(of: id) } }

  /// A record or its origin (``CatalogueBuilder/label(_:_:over:from:)``); reads only their records.
  func wouldChange(with heroes: [Hero], origin: HeroOrigin = .api) -> Bool {
    heroes.contains { hero in
      guard let known = answer({ $0.entry(id: hero.id) }) else { return true }
      return HeroMerge.merged(known.hero, hero) != known.hero
        || CatalogueBuilder.label(origin, hero, over: known.hero, from: known.origin) != known.origin
    }
  }

  /// Name orders read only the window; the others sort the matches. The search is ``PickIndex``'s.
  func page(_ query: HeroQuery, source: DataSource) -> HeroPage {
    answer { index in
      let prefixed = index.positions(prefix: query.namePrefix.map(HeroName.folded) ?? "")
      guard let text = query.search else { return page(index, prefixed, query, source) }
      let found = PickIndex(source: index).matches(text).filter(prefixed.contains)
      return page(index, found.sorted(), query, source)
    }
  }

  private func page(
    _ index: CatalogueIndex, _ matches: some RandomAccessCollection<Int>, _ query: HeroQuery, _ source: DataSource
  ) -> HeroPage {
    let start = min(max(query.offset, 0), matches.count)
    // `--all` asks for `Int.max` heroes; adding that to the offset would overflow.
    let count = min(max(query.limit, 0), matches.count - start)
    let heroes: [HeroSummary]
    switch query.order {
    case .name:
      heroes = summaries(index, matches.dropFirst(start).prefix(count))
    case .nameDescending:
      heroes = summaries(index, matches.dropLast(start).suffix(count)).reversed()
    default:
      heroes = Array(HeroOrdering.sorted(summaries(index, matches), by: query.order).dropFirst(start).prefix(count))
    }
    // Read again whole by position: a page is at most 100 heroes, `--all` pays for what it prints.
    let whole = query.whole ? heroes.compactMap { $0.position.flatMap { index.entry(at: $0)?.hero } } : nil
    return HeroPage(heroes: heroes, whole: whole, offset: query.offset, total: matches.count, source: source)
  }

  func matching(prefix: String?, limit: Int = Int.max) -> [Hero] {
    answer { index in
      index.heroes(at: index.positions(prefix: prefix.map(HeroName.folded) ?? "").prefix(max(limit, 0))).map(\.hero)
    }
  }

  func summaries(prefix: String?) -> [HeroSummary] {
    answer { summaries($0, $0.positions(prefix: prefix.map(HeroName.folded) ?? "")) }
  }

  private func summaries(_ index: CatalogueIndex, _ positions: some BidirectionalCollection<Int>) -> [HeroSummary] {
    index.heroes(at: positions, whole: false).map { HeroSummary($0.hero, position: $0.position) }
  }

  /// The two latest by on-sale date; comics come from imported comics responses.
  func comicsSummary(of id: HeroID) -> ComicsSummary? {
    let comics = comics(of: id)
    guard !comics.isEmpty else { return nil }
    let total = max(summary(id)?.counts.comics ?? 0, comics.count)
    return ComicsSummary(total: total, latest: Array(comics.prefix(2)))
  }
}

extension LocalCatalogue {
  init() { self.init(index: BundledCatalogue.index) }
}
