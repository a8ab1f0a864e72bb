/// Answers every question about heroes, from where the data policy says: the API, its cache or the catalogue.
protocol HeroSource: Sendable {
  /// The largest page worth asking for: 100 for the API, everything for a local catalogue.
  var maximumPageSize: Int { get }
  func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError>
  /// Every page from the query's offset on, in order, each handed to `receive` as soon as it is in,
  /// up to a failure or a page marked ``HeroPage/endsListing`` (``ListingPaging``).
  func allPages(from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void) async
  func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError>
  func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError>
  /// The hero's comics, newest on-sale first; nil when no source can say.
  func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError>
  /// Heroes near a name, for "did you mean" when nothing matched.
  func suggestions(for name: String) async -> [Hero]
  /// The catalogue's heroes whose names start with `name` as fans type it, to check another source against.
  func catalogueHeroes(matching name: String) async -> [Hero]
}

extension HeroSource {
  func catalogueHeroes(matching name: String) async -> [Hero] { [] }

  /// One page after another, each asked for once the one before it is in.
  func allPages(
    from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void
  ) async {
    var next = query
    next.limit = maximumPageSize
    while true {
      let result = await page(next)
      guard case .success(var page) = result else { return await receive(result) }
      let step = ListingPaging.after(
        requested: next.offset, limit: next.limit, offset: page.offset, count: page.heroes.count, total: page.total)
      guard case .next(let offset) = step else { return await receive(.success(page.endingListing())) }
      page.endsListing = false
      await receive(.success(page))
      next.offset = offset
    }
  }
}

/// A hero's comics as `show` needs them: how many, and the latest few.
struct ComicsSummary: Hashable, Sendable {
  var total: Int
  /// Newest on-sale first.
  var latest: [Comic]
}

/// A value with the source that answered it.
struct Sourced<Value: Hashable & Sendable>: Hashable, Sendable {
  var value: Value
  var source: DataSource

  init(_ value: Value, source: DataSource) {
    self.value = value
    self.source = source
  }
}
