/// Joins names for sentences: `A`, `A and B`, `A, B and C`.
enum NameList {
  static func join(_ names: [String]) -> String {
    switch names.count {
    case 0: return ""
    case 1: return names[0]
    default: return names.dropLast().joinedDirectly(separator: ", ") + " and " + (names.last ?? "")
    }
  }
}
