/// The picker's heroes by position in the folded names' byte order: the first screen reads only
/// its rows, and names starting with a text are found by bisection.
protocol PickHeroSource: Sendable {
  var count: Int { get }
  /// The hero at `position`, whole or as a row shows it; nil when its record cannot be read.
  func hero(at position: Int) -> Hero?
  func summary(at position: Int) -> HeroSummary?
  /// The positions of the heroes whose folded name starts with `folded`; all for an empty text.
  func positions(prefix folded: String) -> Range<Int>
  func forEachFoldedName(_ body: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension PickHeroSource {
  func summary(at position: Int) -> HeroSummary? {
    hero(at: position).map { HeroSummary($0, position: position) }
  }
}

/// The local catalogue, never the network, read a record at a time as rows are shown.
extension CatalogueIndex: PickHeroSource {
  func hero(at position: Int) -> Hero? { entry(at: position)?.hero }

  func summary(at position: Int) -> HeroSummary? {
    entry(at: position, whole: false).map { HeroSummary($0.hero, position: position) }
  }
}
