import Foundation

extension Hero {
  /// Reads a catalogue record (the form of `BundledCatalogue+Data.swift` and `catalogue.json`).
  public init(record: JSONValue, at path: String) throws(JSONShapeError) {
    guard case .object = record else { throw JSONShapeError(path: path, problem: "expected an object") }
    let id = HeroID(try record.int("id", at: path))
    let name = try record.string("name", at: path)
    let description = try record.optionalString("description", at: path) ?? ""
    var modified: Date?
    if let text = try record.optionalString("modified", at: path) {
      guard let date = MarvelDate.parse(text) else {
        throw JSONShapeError(path: path + ".modified", problem: "'\(text)' is not a date")
      }
      modified = date
    }
    var thumbnail: Thumbnail?
    if let image = record["thumbnail"], image != .null {
      thumbnail = Thumbnail(
        path: try image.string("path", at: path + ".thumbnail"), extension: try image.string("extension", at: path + ".thumbnail")
      )
    }
    let counts = HeroCounts(
      comics: try record.optionalInt("comics", at: path), series: try record.optionalInt("series", at: path),
      stories: try record.optionalInt("stories", at: path), events: try record.optionalInt("events", at: path))
    var links: [HeroLink] = []
    for (index, link) in try record.array("urls", at: path).enumerated() {
      let linkPath = "\(path).urls[\(index)]"
      links.append(HeroLink(type: try link.string("type", at: linkPath), url: try link.string("url", at: linkPath)))
    }
    self.init(
      id: id, name: name, description: description, modified: modified, thumbnail: thumbnail, counts: counts, urls: links)
  }

  /// The catalogue record form; unknown values are left out.
  public var record: JSONValue {
    let details = self.details
    let thumbnail = details.thumbnail
    let urls = details.urls
    var fields: [(String, JSONValue)] = [
      ("id", .int(id.rawValue)), ("name", .string(name)), ("description", .string(details.description)),
    ]
    if let modified { fields.append(("modified", .string(MarvelDate.format(modified)))) }
    if let thumbnail {
      fields.append(("thumbnail", .object([("path", .string(thumbnail.path)), ("extension", .string(thumbnail.extension))])))
    }
    for (key, count) in [
      ("comics", counts.comics), ("series", counts.series), ("stories", counts.stories), ("events", counts.events),
    ] {
      if let count { fields.append((key, .int(count))) }
    }
    if !urls.isEmpty {
      fields.append(("urls", .array(urls.map { .object([("type", .string($0.type)), ("url", .string($0.url))]) })))
    }
    return .object(fields)
  }
}
