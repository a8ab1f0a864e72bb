import Foundation

extension Hero {
  /// Reads a catalogue record (the form `Hero.record` writes) straight from JSON text.
  ///
  /// The same fields and rules as ``init(record:at:)``, without building a ``JSONValue`` first:
  /// the catalogue holds thousands of these and is read at every local listing.
  init(reading reader: inout JSONReader) throws(JSONParser.Failure) {
    let start = reader.offset
    var id: Int?
    var name: String?
    self.init(id: HeroID(0), name: "")
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "id" {
        id = try reader.int()
      } else if key == "name" {
        name = try reader.string()
      } else if key == "description" {
        description = try reader.optionalString() ?? ""
      } else if key == "modified" {
        modified = try Self.date(&reader)
      } else if key == "thumbnail" {
        thumbnail = try Self.thumbnail(&reader)
      } else if key == "comics" {
        counts.comics = try reader.optionalInt()
      } else if key == "series" {
        counts.series = try reader.optionalInt()
      } else if key == "stories" {
        counts.stories = try reader.optionalInt()
      } else if key == "events" {
        counts.events = try reader.optionalInt()
      } else if key == "urls" {
        urls = try Self.links(&reader)
      } else {
        try reader.skipValue()
      }
    }
    guard let id, let name else {
      throw JSONParser.Failure(reason: "a hero record without \(id == nil ? "an id" : "a name")", offset: start)
    }
    self.id = HeroID(id)
    self.name = name
  }

  private static func date(_ reader: inout JSONReader) throws(JSONParser.Failure) -> Date? {
    guard !reader.skipNull() else { return nil }
    let text = try reader.rawStringValue()
    guard let date = text.withUTF8(MarvelDate.parse(utf8:)) else { throw reader.failure("'\(text.string)' is not a date") }
    return date
  }

  private static func thumbnail(_ reader: inout JSONReader) throws(JSONParser.Failure) -> Thumbnail? {
    guard !reader.skipNull() else { return nil }
    var path: String?
    var fileExtension: String?
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "path" {
        path = try reader.string()
      } else if key == "extension" {
        fileExtension = try reader.string()
      } else {
        try reader.skipValue()
      }
    }
    guard let path, let fileExtension else { throw reader.failure("a thumbnail without a path and an extension") }
    return Thumbnail(path: path, extension: fileExtension)
  }

  private static func links(_ reader: inout JSONReader) throws(JSONParser.Failure) -> [HeroLink] {
    guard !reader.skipNull() else { return [] }
    var links: [HeroLink] = []
    links.reserveCapacity(4)
    try reader.beginArray()
    while try reader.nextItem() {
      var type: String?
      var url: String?
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if key == "type" {
          type = try reader.string()
        } else if key == "url" {
          url = try reader.string()
        } else {
          try reader.skipValue()
        }
      }
      guard let type, let url else { throw reader.failure("a link without a type and a url") }
      links.append(HeroLink(type: type, url: url))
    }
    return links
  }
}
