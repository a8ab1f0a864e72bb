/// Terminal columns: East Asian wide characters and most emoji take two, combining marks none.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  static func truncate(_ text: String, to columns: Int) -> String {
    guard of(text) > columns else { return text }
    guard columns > 1 else { return columns == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
      let width = of(String(character))
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  static func wrap(_ text: String, to columns: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, of(current) + 1 + of(String(word)) > columns {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  static func pad(_ text: String, to columns: Int) -> String {
    let missing = columns - of(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0x200B || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control, .format: return 0
    default: break
    }
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
      0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default: return 1
    }
  }
}
