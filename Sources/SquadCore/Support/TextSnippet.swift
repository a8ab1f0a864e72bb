/// Short, printable excerpts of outside text for error messages.
enum TextSnippet {
  static let limit = 40

  /// The text made printable, any configured key hidden (before cutting, so no part of a key
  /// survives), and cut to ``limit`` characters, ending in `…`. An invisible character
  /// (``isInvisible(_:)``) is part of what was typed: shown as `<U+FEFF>`, never as nothing.
  static func quote(_ text: String) -> String {
    var visible = text
    if text.unicodeScalars.contains(where: isInvisible) {
      visible = ""
      for scalar in text.unicodeScalars {
        if isInvisible(scalar) { visible += "<\(codePoint(scalar))>" } else { visible.unicodeScalars.append(scalar) }
      }
    }
    let clean = SecretText.redact(TextSanitizer.clean(visible))
    return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
  }

  /// Whether a scalar shows as nothing or as a space in a message.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
    default: return scalar.properties.isBidiControl
    }
  }

  /// `U+0000`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
