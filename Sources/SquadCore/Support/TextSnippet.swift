/// Short, printable excerpts of outside text for error messages.
enum TextSnippet {
  /// How many characters an excerpt keeps.
  static let limit = 40

  /// The text made printable, any configured key hidden (before cutting, so no part of a key
  /// survives), and cut to ``limit`` characters, ending in `…` when cut. A line or paragraph
  /// separator (no control character, so part of what was typed) is shown as `<U+2028>`, never
  /// as the space it would look like.
  static func quote(_ text: String) -> String {
    let visible = text.replacing("\u{2028}", with: "<U+2028>").replacing("\u{2029}", with: "<U+2029>")
    let clean = SecretText.redact(TextSanitizer.clean(visible))
    return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
  }

  /// A character's code point as Unicode writes it (`U+0000`), to name one that cannot be shown.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
