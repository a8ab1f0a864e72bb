import Foundation

/// Sorts heroes as the Marvel API does, the id breaking ties. Counts, which the API cannot sort by,
/// put unknown counts last either way; ties keep the order the heroes came in (name order).
enum HeroOrdering {
  static func sorted<Listed: HeroOrderable>(_ heroes: [Listed], by order: HeroOrder) -> [Listed] {
    let positions: [Int]
    switch order {
    case .name: positions = byName(heroes)
    case .nameDescending: positions = byName(heroes).reversed()
    case .modified: positions = byModified(heroes)
    case .modifiedDescending: positions = byModified(heroes).reversed()
    default: positions = byCount(heroes, order)
    }
    return positions.map { heroes[$0] }
  }

  /// The heroes people most likely mean first: the most comics, then by name.
  static func prominent<Listed: HeroOrderable>(_ heroes: [Listed]) -> [Listed] {
    sorted(sorted(heroes, by: .name), by: .comicsDescending)
  }

  // Listings come from the name index; this sorts the few heroes of a completion or a suggestion.
  private static func byName(_ heroes: [some HeroOrderable]) -> [Int] {
    let keys = heroes.map { HeroName.folded($0.name) }
    return heroes.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : heroes[$0].id < heroes[$1].id }
  }

  private static func byCount(_ heroes: [some HeroOrderable], _ order: HeroOrder) -> [Int] {
    guard let count = order.count else { return Array(heroes.indices) }
    // Counts are never negative: negated, the most come first; unknown ones sort after all.
    let sign = order.isDescending ? -1 : 1
    let keys = heroes.map { hero in count(hero.counts).map { $0 * sign } ?? Int.max }
    return heroes.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
  }

  private static func byModified(_ heroes: [some HeroOrderable]) -> [Int] {
    heroes.indices.sorted {
      let left = heroes[$0].modified ?? .distantPast
      let right = heroes[$1].modified ?? .distantPast
      return left != right ? left < right : heroes[$0].id < heroes[$1].id
    }
  }
}

/// What an order reads of a hero: what a ``Hero`` and its ``HeroSummary`` both hold.
protocol HeroOrderable {
  var id: HeroID { get }
  var name: String { get }
  var modified: Date? { get }
  var counts: HeroCounts { get }
}

extension Hero: HeroOrderable {}
extension HeroSummary: HeroOrderable {}

enum HeroName {
  /// `iron-man`, `Iron Man` and `iron.man` are one.
  static func loose(_ name: String) -> String { String(folded(name).filter { !"-. ".contains($0) }) }

  /// Itself, then with a short form spelt out or shortened (`dr strange`: `doctor strange`).
  static func variants(_ name: String) -> [String] {
    let typed = folded(name)
    let head = String(typed.prefix { !"-. ".contains($0) })
    let forms = ["dr": "doctor", "mr": "mister", "prof": "professor", "capt": "captain"]
    let other = forms[head] ?? forms.first { $0.value == head }?.key
    if let other { return [typed, other + typed.dropFirst(head.count)] }
    // A short form glued to the rest (`drstrange`) is meant as the long one (`doctorstrange`).
    let glued = forms.first { head.hasPrefix($0.key) && !head.hasPrefix($0.value) && head.count > $0.key.count + 2 }
    return [typed] + (glued.map { [$0.value + typed.dropFirst($0.key.count)] } ?? [])
  }

  /// The comparable form of a name: `"  Araña "` → `"arana"`.
  static func folded(_ name: String) -> String {
    // Plain ASCII is by far the common case; folding it by hand keeps listings fast.
    let bytes = name.utf8
    if bytes.allSatisfy({ $0 < 0x80 }) {
      let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
      let trimmed = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
      return String(decoding: trimmed.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    // Default-ignorable code points (zero-width…) are no part of the key: a name is found by what it shows.
    let visible = name.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    return String(String.UnicodeScalarView(visible)).trimmingWhitespace()
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
