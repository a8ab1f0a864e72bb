import Foundation

extension Hero {
  /// Reads a catalogue record (the form `Hero.record` writes) straight from JSON text.
  ///
  /// The one way a hero is read from the catalogue (bundled or synced), without building a
  /// ``JSONValue`` first: the catalogue holds thousands of these and is read at every local
  /// listing, which is why it is hand-written (BENCHMARKS.md, "heroes, 1,564 synced" and the
  /// growth table: `heroes --all --offline` at 1.7 µs per character, linear to 100,000). When
  /// `source` holds the document being read, the description, picture and links are only
  /// checked and stay encoded until first asked for (see ``StoredHeroDetails``).
  init(reading reader: inout JSONReader, source: SharedBytes? = nil) throws(JSONParser.Failure) {
    let start = reader.offset
    var id: Int?
    var name: String?
    var details = HeroDetails()
    self.init(id: HeroID(0), name: "")
    try reader.beginObject()
    let objectStart = reader.offset - 1
    while let key = try reader.nextKey() {
      if key == "id" {
        id = try reader.int()
      } else if key == "name" {
        name = try reader.string()
      } else if key == "modified" {
        modified = try Self.date(&reader)
      } else if key == "comics" {
        counts.comics = try reader.optionalInt()
      } else if key == "series" {
        counts.series = try reader.optionalInt()
      } else if key == "stories" {
        counts.stories = try reader.optionalInt()
      } else if key == "events" {
        counts.events = try reader.optionalInt()
      } else if source == nil {
        try details.read(key, &reader)
      } else {
        try HeroDetails.check(key, &reader)
      }
    }
    guard let id, let name else {
      throw JSONParser.Failure(reason: "a hero record without \(id == nil ? "an id" : "a name")", offset: start)
    }
    self.id = HeroID(id)
    self.name = name
    if let source {
      storedDetails = .encoded(EncodedRecord(source: source, range: objectStart..<reader.offset))
    } else {
      storedDetails = .decoded(details)
    }
  }

  private static func date(_ reader: inout JSONReader) throws(JSONParser.Failure) -> Date? {
    guard !reader.skipNull() else { return nil }
    let text = try reader.rawStringValue()
    guard let date = text.withUTF8(MarvelDate.parse(utf8:)) else {
      throw reader.failure("'\(text.string)' is not a date")
    }
    return date
  }
}

extension HeroDetails {
  /// Reads the details of a catalogue record, skipping its other fields.
  init(reading reader: inout JSONReader) throws(JSONParser.Failure) {
    self.init()
    try reader.beginObject()
    while let key = try reader.nextKey() { try read(key, &reader) }
  }

  /// Reads the value of `key` if it is one of the details, or skips it.
  mutating func read(_ key: JSONKey, _ reader: inout JSONReader) throws(JSONParser.Failure) {
    if key == "description" {
      description = try reader.optionalString() ?? ""
    } else if key == "thumbnail" {
      thumbnail = try Self.thumbnail(&reader, keep: true)
    } else if key == "urls" {
      urls = try Self.links(&reader, keep: true)
    } else {
      try reader.skipValue()
    }
  }

  /// Checks the value of `key` as ``read(_:_:)`` would read it, making nothing.
  static func check(_ key: JSONKey, _ reader: inout JSONReader) throws(JSONParser.Failure) {
    if key == "description" {
      if !reader.skipNull() { _ = try reader.rawStringValue() }
    } else if key == "thumbnail" {
      _ = try thumbnail(&reader, keep: false)
    } else if key == "urls" {
      _ = try links(&reader, keep: false)
    } else {
      try reader.skipValue()
    }
  }

  private static func thumbnail(_ reader: inout JSONReader, keep: Bool) throws(JSONParser.Failure) -> Thumbnail? {
    guard !reader.skipNull() else { return nil }
    let (path, fileExtension) = try stringPair(&reader, "path", "extension")
    guard let path, let fileExtension else { throw reader.failure("a thumbnail without a path and an extension") }
    return keep ? Thumbnail(path: path.string, extension: fileExtension.string) : nil
  }

  private static func links(_ reader: inout JSONReader, keep: Bool) throws(JSONParser.Failure) -> [HeroLink] {
    guard !reader.skipNull() else { return [] }
    var links: [HeroLink] = []
    if keep { links.reserveCapacity(4) }
    try reader.beginArray()
    while try reader.nextItem() {
      let (type, url) = try stringPair(&reader, "type", "url")
      guard let type, let url else { throw reader.failure("a link without a type and a url") }
      if keep { links.append(HeroLink(type: type.string, url: url.string)) }
    }
    return links
  }

  /// The two string members `first` and `second` of the object at the reader, skipping any
  /// others; nil for one that is missing.
  private static func stringPair(_ reader: inout JSONReader, _ first: StaticString, _ second: StaticString)
    throws(JSONParser.Failure) -> (JSONKey?, JSONKey?)
  {
    var values: (JSONKey?, JSONKey?) = (nil, nil)
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == first {
        values.0 = try reader.rawStringValue()
      } else if key == second {
        values.1 = try reader.rawStringValue()
      } else {
        try reader.skipValue()
      }
    }
    return values
  }
}
