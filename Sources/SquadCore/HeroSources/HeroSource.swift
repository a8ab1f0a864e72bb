import Foundation

/// Answers every question about heroes, from wherever the data policy says: the API, its cache,
/// or the local catalogue.
protocol HeroSource: Sendable {
  /// The largest page worth asking for: 100 for the API, everything for a local catalogue.
  var maximumPageSize: Int { get }
  /// One window of the listing.
  func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError>
  /// Every page of the listing from the query's offset to its end, in order, each handed to
  /// `receive` as soon as it is in; it stops after a failure or a page marked
  /// ``HeroPage/endsListing`` (the end, or where the listing fell short: ``ListingPaging``).
  func allPages(from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void) async
  /// The hero with this id, or nil when there is none.
  func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError>
  /// Heroes whose names start with `prefix` (for resolving names), at most `limit` of them.
  func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError>
  /// The hero's comics, newest on-sale first; nil when no source can say.
  func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError>
  /// Heroes near a name, for "did you mean" when nothing matched.
  func suggestions(for name: String) async -> [Hero]
  /// The local catalogue's heroes whose names start with `name` as fans type it, to check an
  /// answer from elsewhere against; empty when the local catalogue is the source.
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
  /// How many comics feature the hero.
  var total: Int
  /// The most recent comics by on-sale date, newest first.
  var latest: [Comic]
}

/// A value with the source that answered it.
struct Sourced<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The answer.
  var value: Value
  /// Where it came from.
  var source: DataSource

  /// Pairs a value with its source.
  init(_ value: Value, source: DataSource) {
    self.value = value
    self.source = source
  }
}
