import Foundation

extension Hero {
  /// The catalogue record form; unknown values are left out, `modified` is seconds since 1970.
  var record: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .int(id.rawValue)), ("name", .string(name)), ("description", .string(description)),
    ]
    if let modified { fields.append(("modified", .int(Int(modified.timeIntervalSince1970.rounded(.down))))) }
    if let thumbnail {
      fields.append(
        ("thumbnail", .object([("path", .string(thumbnail.path)), ("extension", .string(thumbnail.extension))])))
    }
    for (key, count) in [
      ("comics", counts.comics), ("series", counts.series), ("stories", counts.stories), ("events", counts.events),
    ] {
      if let count { fields.append((key, .int(count))) }
    }
    if !urls.isEmpty {
      fields.append(
        ("urls", .array(urls.map { .object([("type", .string($0.type)), ("url", .string($0.url))]) })))
    }
    return .object(fields)
  }
}
