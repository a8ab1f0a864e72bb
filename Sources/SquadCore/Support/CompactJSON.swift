import Foundation

/// squad's own internal JSON forms (response-cache entries, the catalogue's header and comic lines):
/// compact, keys sorted, slashes as they are, dates as whole seconds since 1970. (The forms people
/// read keep their key order: ``JSONValue``.)
enum CompactJSON {
  /// The value's JSON text as bytes; empty should it not encode (squad's own values always do).
  static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Int(date.timeIntervalSince1970.rounded(.down)))
    }
    return (try? encoder.encode(value)).map(Array.init) ?? []
  }
}
