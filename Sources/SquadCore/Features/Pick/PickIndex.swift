#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The heroes the picker lists. Names starting with the filter are found by bisection; names
/// containing it need every name, folded once (``FoldedNames``) and matched with `memchr`/`memcmp`.
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
  func prepareSearch() { names.build() }

  /// Indexes over the same heroes are equal; this reads every hero, so it is for tests.
  static func == (left: PickIndex, right: PickIndex) -> Bool {
    left.count == right.count && (0..<left.count).allSatisfy { left.hero(at: $0) == right.hero(at: $0) }
  }

  /// Names starting with `filter`, then names containing it, each in name order; `previous` (the
  /// matches of a shorter filter) limits the search.
  func matches(_ filter: String, within previous: [Int]? = nil) -> [Int] {
    var folded = HeroName.folded(filter)
    // Folding trims; a space typed last still ends a word (`iron ` is not Ironclad).
    if !folded.isEmpty, filter.last?.isWhitespace == true { folded += " " }
    var needle: [UInt8] = []
    FoldedNames.searchForm(folded.utf8, to: &needle)
    guard !needle.isEmpty else { return Array(0..<count) }
    // Bisection finds the filter's first word (the index tells hyphen, dot and space apart); the rest is checked.
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

  // memmem is a GNU extension Swift's Glibc does not export: memchr for the first byte, memcmp the rest.
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
