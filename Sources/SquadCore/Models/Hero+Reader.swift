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
  ///
  /// The record must keep the record rule (``HeroLimits``) like every hero squad takes in: one
  /// that breaks it throws (and the reader has passed the whole record, so a caller reading a
  /// list can skip it and go on; see ``HeroRecordProblem``).
  init(reading reader: inout JSONReader, source: SharedBytes? = nil) throws(JSONReader.Failure) {
    var problem: HeroRecordProblem?
    try self.init(reading: &reader, source: source, problem: &problem)
    if let problem { throw JSONReader.Failure(reason: problem.description, offset: problem.offset) }
  }

  /// Reads a record as ``init(reading:source:)`` does, but hands a broken record rule back in
  /// `problem` instead of throwing, with the reader past the record. Throws for JSON that does
  /// not read as a record at all.
  init(reading reader: inout JSONReader, source: SharedBytes?, problem: inout HeroRecordProblem?)
    throws(JSONReader.Failure)
  {
    let start = reader.offset
    var id: Int?
    var name: String?
    var details = HeroDetails()
    var broken: (field: String, problem: String)?
    // A number that is JSON but no whole number squad keeps (too large for 64 bits, a fraction)
    // breaks the record rule: the record is skipped, the rest of the file still reads.
    func number(_ field: String, _ reader: inout JSONReader) throws(JSONReader.Failure) -> Int? {
      guard !reader.skipNull() else { return nil }
      do throws(JSONReader.Failure) {
        return try reader.int()
      } catch {
        try reader.skipValue()
        if broken == nil { broken = (field, "is not a whole number squad can keep") }
        return nil
      }
    }
    func count(_ field: String, _ reader: inout JSONReader) throws(JSONReader.Failure) -> Int? {
      let value = try number(field, &reader)
      if let value, let why = HeroLimits.countProblem(value), broken == nil { broken = (field, why) }
      return value
    }
    self.init(id: HeroID(0), name: "")
    try reader.beginObject()
    let objectStart = reader.offset - 1
    while let key = try reader.nextKey() {
      var detailProblem: (field: String, problem: String)?
      if key == "id" {
        id = try number("id", &reader) ?? 0
      } else if key == "name" {
        name = try reader.string()
      } else if key == "modified" {
        modified = try Self.date(&reader)
      } else if key == "comics" {
        counts.comics = try count("comics", &reader)
      } else if key == "series" {
        counts.series = try count("series", &reader)
      } else if key == "stories" {
        counts.stories = try count("stories", &reader)
      } else if key == "events" {
        counts.events = try count("events", &reader)
      } else if source == nil {
        detailProblem = try details.read(key, &reader)
      } else {
        detailProblem = try HeroDetails.check(key, &reader)
      }
      if broken == nil, let detailProblem { broken = detailProblem }
    }
    guard let id, let name else {
      throw JSONReader.Failure(reason: "a hero record without \(id == nil ? "an id" : "a name")", offset: start)
    }
    if broken?.field == "id" {
      // Already said: not a number that fits.
    } else if let why = HeroLimits.idProblem(id) {
      broken = ("id", why)
    } else if let why = HeroLimits.nameProblem(name) {
      broken = ("name", why)
    }
    problem = broken.map { HeroRecordProblem(id: id, field: $0.field, problem: $0.problem, offset: start) }
    self.id = HeroID(id)
    self.name = name
    if let source {
      storedDetails = .encoded(EncodedRecord(source: source, range: objectStart..<reader.offset))
    } else {
      storedDetails = .decoded(details)
    }
  }

  /// `modified`: seconds since 1970, or (in the format-2 records of the previous release)
  /// Marvel's text, by the one rule of ``CharacterDTO``: one that is not a date is unknown.
  private static func date(_ reader: inout JSONReader) throws(JSONReader.Failure) -> Date? {
    if let seconds = try? reader.optionalInt() { return Date(timeIntervalSince1970: Double(seconds)) }
    guard let text = try? reader.rawStringValue() else {
      try reader.skipValue()
      return nil
    }
    return MarvelDate.known(text.string)
  }
}

extension HeroDetails {
  /// Reads the details of a catalogue record, skipping its other fields.
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    self.init()
    try reader.beginObject()
    while let key = try reader.nextKey() { try read(key, &reader) }
  }

  /// Reads the value of `key` if it is one of the details, or skips it; says which field breaks
  /// the record rule (``HeroLimits``), if one does.
  @discardableResult
  mutating func read(_ key: JSONKey, _ reader: inout JSONReader) throws(JSONReader.Failure) -> (
    field: String, problem: String
  )? {
    if key == "description" {
      description = try reader.optionalString() ?? ""
      return HeroLimits.descriptionProblem(description).map { ("description", $0) }
    } else if key == "thumbnail" {
      let (picture, problem) = try Self.thumbnail(&reader, keep: true)
      thumbnail = picture
      return problem
    } else if key == "urls" {
      let (links, problem) = try Self.links(&reader, keep: true)
      urls = links
      return problem
    } else {
      try reader.skipValue()
      return nil
    }
  }

  /// Checks the value of `key` as ``read(_:_:)`` would read it, making nothing; says which field
  /// breaks the record rule, if one does.
  static func check(_ key: JSONKey, _ reader: inout JSONReader) throws(JSONReader.Failure) -> (
    field: String, problem: String
  )? {
    if key == "description" {
      guard !reader.skipNull() else { return nil }
      let text = try reader.rawStringValue()
      return text.withUTF8 { HeroLimits.descriptionProblem(byteCount: $0.count) }.map { ("description", $0) }
    } else if key == "thumbnail" {
      return try thumbnail(&reader, keep: false).problem
    } else if key == "urls" {
      return try links(&reader, keep: false).problem
    } else {
      try reader.skipValue()
      return nil
    }
  }

  private static func thumbnail(_ reader: inout JSONReader, keep: Bool) throws(JSONReader.Failure) -> (
    Thumbnail?, problem: (field: String, problem: String)?
  ) {
    guard !reader.skipNull() else { return (nil, nil) }
    let (path, fileExtension) = try stringPair(&reader, "path", "extension")
    guard let path, let fileExtension else { throw reader.failure("a thumbnail without a path and an extension") }
    // The picture's URL, as a squad member keeps it: path, a dot, extension.
    let bytes = path.withUTF8 { $0.count } + 1 + fileExtension.withUTF8 { $0.count }
    let problem = HeroLimits.urlProblem(byteCount: bytes).map { ("thumbnail", $0) }
    guard keep else { return (nil, problem) }
    let picture = Thumbnail(path: path.string, extension: fileExtension.string)
    return (picture.isPlaceholder ? nil : picture, problem)
  }

  private static func links(_ reader: inout JSONReader, keep: Bool) throws(JSONReader.Failure) -> (
    [HeroLink], problem: (field: String, problem: String)?
  ) {
    guard !reader.skipNull() else { return ([], nil) }
    var links: [HeroLink] = []
    var count = 0
    var problem: (field: String, problem: String)?
    if keep { links.reserveCapacity(4) }
    try reader.beginArray()
    while try reader.nextItem() {
      let (type, url) = try stringPair(&reader, "type", "url")
      guard let type, let url else { throw reader.failure("a link without a type and a url") }
      count += 1
      if problem == nil, let why = url.withUTF8({ HeroLimits.urlProblem(byteCount: $0.count) }) {
        problem = ("urls", why)
      }
      if keep { links.append(HeroLink(type: type.string, url: url.string)) }
    }
    if problem == nil, let why = HeroLimits.linksProblem(count: count) { problem = ("urls", why) }
    return (links, problem)
  }

  /// The two string members `first` and `second` of the object at the reader, skipping any
  /// others; nil for one that is missing.
  private static func stringPair(_ reader: inout JSONReader, _ first: StaticString, _ second: StaticString)
    throws(JSONReader.Failure) -> (JSONKey?, JSONKey?)
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

/// A stored hero record that reads but breaks the record rule (``HeroLimits``): skipped with a
/// warning wherever records are read, so squad never takes in a hero it could not keep.
struct HeroRecordProblem: Error, Equatable, CustomStringConvertible {
  /// The record's id as written.
  var id: Int
  /// The field that breaks the rule.
  var field: String
  /// What is wrong with it.
  var problem: String
  /// Where the record starts.
  var offset: Int

  var description: String { "the record of id \(id): \(field) \(problem)" }
}
