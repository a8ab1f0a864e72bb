import Foundation

extension Hero {
  /// The catalogue record form; unknown values are left out, `modified` is seconds since 1970.
  public var record: JSONValue {
    let details = self.details
    var fields: [(String, JSONValue)] = [
      ("id", .int(id.rawValue)), ("name", .string(name)), ("description", .string(details.description)),
    ]
    if let modified { fields.append(("modified", .int(Int(modified.timeIntervalSince1970.rounded(.down))))) }
    if let thumbnail = details.thumbnail {
      fields.append(
        ("thumbnail", .object([("path", .string(thumbnail.path)), ("extension", .string(thumbnail.extension))])))
    }
    for (key, count) in [
      ("comics", counts.comics), ("series", counts.series), ("stories", counts.stories), ("events", counts.events),
    ] {
      if let count { fields.append((key, .int(count))) }
    }
    if !details.urls.isEmpty {
      fields.append(
        ("urls", .array(details.urls.map { .object([("type", .string($0.type)), ("url", .string($0.url))]) })))
    }
    return .object(fields)
  }
}
