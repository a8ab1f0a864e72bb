/// Where the picker's heroes come from: a list in name order read by position, so the first
/// screen needs only the heroes it shows, whatever the catalogue's size.
///
/// Names are folded (``HeroName/folded(_:)``) and the order is the folded names' byte order, so
/// the heroes whose names start with a text sit together and are found by bisection.
protocol PickHeroSource: Sendable {
  var count: Int { get }
  /// The hero at `position` in name order, whole, or the summary a row shows; nil when its
  /// record cannot be read.
  func hero(at position: Int) -> Hero?
  func summary(at position: Int) -> HeroSummary?
  /// The positions of the heroes whose folded name starts with `folded`; all for an empty text.
  func positions(prefix folded: String) -> Range<Int>
  /// Calls `body` with every folded name as UTF-8, in name order.
  func forEachFoldedName(_ body: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension PickHeroSource {
  func summary(at position: Int) -> HeroSummary? {
    hero(at: position).map { HeroSummary($0, position: position) }
  }
}

/// The local catalogue (bundled heroes, plus everything synced or fetched), never the network:
/// a list to browse must answer at once, and `squad sync` fills the catalogue. Heroes are read
/// from the indexed catalogue file one record at a time, as they are shown.
extension CatalogueIndex: PickHeroSource {
  func hero(at position: Int) -> Hero? { entry(at: position)?.hero }

  func summary(at position: Int) -> HeroSummary? {
    entry(at: position, whole: false).map { HeroSummary($0.hero, position: position) }
  }
}
