/// The secrets squad was configured with (the Marvel keys), which no message may show: a
/// process-wide list, as ``Console`` and ``TextSnippet`` are far from where the keys are read.
/// Keys shorter than ``shortest`` (Marvel's are 32 and 40) are left alone, so a key of `PRIV`
/// cannot cut a word of squad's own out of a message (`MARVEL_[redacted]ATE_KEY`); squad refuses
/// to use such a key instead (``MarvelConfiguration/Keys/tooShort(name:)``).
enum SecretText {
  /// The shortest key that is redacted, and that squad uses.
  static let shortest = 16
  static let mask = "[redacted]"
  private static let secrets = Mutex<[String]>([])

  /// Adds keys to hide from every message; nil and short values are ignored.
  static func register(_ values: [String?]) {
    let added = values.compactMap { $0 }.filter { $0.count >= shortest }
    guard !added.isEmpty else { return }
    secrets.withLock { list in
      for value in added where !list.contains(value) { list.append(value) }
      // Longest first, so a key that contains another is hidden whole.
      list.sort { $0.count > $1.count }
    }
  }

  static func redact(_ text: String) -> String {
    let list = secrets.withLock { $0 }
    guard !list.isEmpty else { return text }
    var result = text
    for secret in list where result.contains(secret) {
      result = result.replacingOccurrences(of: secret, with: mask)
    }
    return result
  }
}
