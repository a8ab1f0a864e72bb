extension Sequence where Element == Hero {
  /// Each id once, as first seen: the one rule for an answer that repeats a hero (within a page
  /// or across pages), so what a listing prints and what the catalogue keeps agree.
  func firstOfEachID() -> [Hero] {
    var seen = Set<HeroID>()
    return filter { seen.insert($0.id).inserted }
  }
}
