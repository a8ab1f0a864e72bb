#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The heroes the picker lists, in name order, read by position from a ``PickHeroSource``.
///
/// Names that start with the filter are found by bisection of the source's name index, so the
/// first screen and a prefix filter read only the heroes they show. Names that merely contain
/// the filter need every name: they are folded once into one byte buffer (``FoldedNames``,
/// built in the background after the first frame) and matched with `memchr`/`memcmp`, so a
/// keystroke on 100,000 heroes stays within a frame. Hyphen, dot and space match one another,
/// as in names typed elsewhere: `spider man` finds Spider-Man.
struct PickIndex: Equatable, Sendable, CustomTraceConvertible {
  private let source: any PickHeroSource
  private let names: FoldedNames

  init(source: any PickHeroSource = BundledCatalogue.empty) {
    self.source = source
    names = FoldedNames(source: source)
  }

  var count: Int { source.count }
  func hero(at position: Int) -> Hero? { source.hero(at: position) }
  func summary(at position: Int) -> HeroSummary? { source.summary(at: position) }

  /// Folds every name now, so the first filter that needs them does not wait (call it off the
  /// main thread; later calls return at once).
  func prepareSearch() { names.build() }

  /// Indexes over the same heroes are equal; this reads every hero, so it is for tests.
  static func == (left: PickIndex, right: PickIndex) -> Bool {
    left.count == right.count && (0..<left.count).allSatisfy { left.hero(at: $0) == right.hero(at: $0) }
  }

  /// Positions of the heroes matching `filter`: names that start with it first, then names that
  /// contain it, each group in name order. All heroes for an empty filter. `within`, when given,
  /// limits the search for the others to earlier matches (the filter only grew, so nothing else
  /// can match).
  func matches(_ filter: String, within previous: [Int]? = nil) -> [Int] {
    var folded = HeroName.folded(filter)
    // Folding trims; a space typed last still ends a word (`iron ` is not Ironclad).
    if !folded.isEmpty, filter.last?.isWhitespace == true { folded += " " }
    var needle: [UInt8] = []
    FoldedNames.searchForm(folded.utf8, to: &needle)
    guard !needle.isEmpty else { return Array(0..<count) }
    // The name index orders folded names, where hyphen, dot and space differ: bisection finds the
    // names that start with the filter's first word, and the stored names check the rest.
    let word = needle.prefix { $0 != FoldedNames.space }
    let candidates = source.positions(prefix: String(decoding: word, as: UTF8.self))
    var starting: [Int] = []
    var containing: [Int] = []
    names.withBuffer { bytes, starts in
      needle.withUnsafeBufferPointer { pin in
        func name(_ position: Int) -> (base: UnsafePointer<UInt8>, length: Int)? {
          guard starts.indices.contains(position + 1), let base = bytes.baseAddress else { return nil }
          return (base + starts[position], starts[position + 1] - starts[position])
        }
        func startsWithFilter(_ position: Int) -> Bool {
          guard word.count < needle.count else { return true }
          guard let (base, length) = name(position), length >= pin.count, let wanted = pin.baseAddress else {
            return false
          }
          return memcmp(base, wanted, pin.count) == 0
        }
        starting = candidates.filter(startsWithFilter)
        func check(_ position: Int) {
          guard !(candidates.contains(position) && startsWithFilter(position)),
            let (base, length) = name(position), let wanted = pin.baseAddress
          else { return }
          if Self.contains(base, length, wanted, pin.count) { containing.append(position) }
        }
        if let previous {
          for position in previous { check(position) }
        } else {
          for position in 0..<count { check(position) }
        }
      }
    }
    // Earlier matches were grouped by the shorter filter; keep name order.
    if previous != nil { containing.sort() }
    return starting + containing
  }

  // memmem is a GNU extension Swift's Glibc module does not export: memchr for the first byte,
  // then memcmp for the rest.
  private static func contains(
    _ haystack: UnsafePointer<UInt8>, _ length: Int, _ needle: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    guard length >= count else { return false }
    var cursor = haystack
    let last = haystack + (length - count)
    while cursor <= last {
      guard let found = memchr(cursor, Int32(needle[0]), last - cursor + 1) else { return false }
      let candidate = found.assumingMemoryBound(to: UInt8.self)
      if memcmp(candidate, needle, count) == 0 { return true }
      cursor = UnsafePointer(candidate + 1)
    }
    return false
  }

  // A trace line per key stays short: the folded names are an implementation detail.
  var traceValue: JSONValue { .object([("heroes", .int(count))]) }
}
