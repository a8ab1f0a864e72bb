/// Short, printable excerpts of outside text for error messages.
enum TextSnippet {
  /// How many characters an excerpt keeps.
  static let limit = 40

  /// The text made printable, any configured key hidden (before cutting, so no part of a key
  /// survives), and cut to ``limit`` characters, ending in `…` when cut.
  static func quote(_ text: String) -> String {
    let clean = SecretText.redact(TextSanitizer.clean(text))
    return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
  }
}
