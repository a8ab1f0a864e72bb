import Foundation

extension Hero {
  /// Reads a catalogue record (the form `Hero.record` writes) straight from JSON text.
  ///
  /// The one way a hero is read from the catalogue (bundled or synced), by the rule of
  /// ``CharacterDTO``: the catalogue holds thousands of these and is read at every local
  /// listing, which is why it is hand-written (BENCHMARKS.md, "heroes, 1,564 synced" and the
  /// growth table: `heroes --all --offline` at 1.8 µs per character, linear to 100,000). When
  /// `source` holds the document being read, the description, picture and links are only
  /// checked and stay encoded until first asked for (see ``StoredHeroDetails``): at 100,000
  /// heroes that halves `heroes --all --offline` (measured for issue 20: 169 against 323 ms).
  ///
  /// The record must keep the record rule (``HeroLimits``) like every hero squad takes in: one
  /// that breaks it throws, with the reader past the whole record, so a caller reading a list can
  /// skip it and go on.
  init(reading reader: inout JSONReader, source: SharedBytes? = nil) throws(JSONReader.Failure) {
    let start = reader.offset
    var id: Int?
    var name: String?
    var details = HeroDetails()
    var broken: String?
    // A whole number by the rule of ``WholeNumber`` (a number, or plain digits in a string); any
    // other value (too large for 64 bits, a fraction) breaks the record rule: the record is
    // skipped, the rest of the file still reads.
    func number(_ field: String, _ reader: inout JSONReader) throws(JSONReader.Failure) -> Int? {
      guard !reader.skipNull() else { return nil }
      if let value = try? reader.int() { return value }
      var text = reader
      if let digits = try? text.rawStringValue(), let value = WholeNumber.parse(digits.string) {
        reader = text
        return value
      }
      try reader.skipValue()
      broken = broken ?? "\(field) is not a whole number squad can keep"
      return nil
    }
    // A count, also in Marvel's `{"available": N, …}` form, as ``CharacterDTO`` reads it.
    func count(_ field: String, _ reader: inout JSONReader) throws(JSONReader.Failure) -> Int? {
      var value: Int?
      if reader.isObjectNext() {
        try reader.beginObject()
        while let key = try reader.nextKey() {
          if key == "available" { value = try number(field, &reader) } else { try reader.skipValue() }
        }
      } else {
        value = try number(field, &reader)
      }
      broken = broken ?? value.flatMap(HeroLimits.countProblem).map { "\(field) \($0)" }
      return value
    }
    self.init(id: HeroID(0), name: "")
    try reader.beginObject()
    let objectStart = reader.offset - 1
    // A field given twice breaks the rule: readers disagree on which one counts.
    var seen = HeroDetails.Seen()
    while let key = try reader.nextKey() {
      if key == "id" {
        seen.mark(0, "id", &broken)
        id = try number("id", &reader) ?? 0
      } else if key == "name" {
        seen.mark(1, "name", &broken)
        name = try reader.string()
      } else if key == "modified" {
        seen.mark(2, "modified", &broken)
        modified = try Self.date(&reader)
      } else if key == "comics" {
        seen.mark(3, "comics", &broken)
        counts.comics = try count("comics", &reader)
      } else if key == "series" {
        seen.mark(4, "series", &broken)
        counts.series = try count("series", &reader)
      } else if key == "stories" {
        seen.mark(5, "stories", &broken)
        counts.stories = try count("stories", &reader)
      } else if key == "events" {
        seen.mark(6, "events", &broken)
        counts.events = try count("events", &reader)
      } else {
        // Only checked when the record stays encoded (``StoredHeroDetails``).
        let why = try details.read(key, &reader, keep: source == nil, seen: &seen)
        broken = broken ?? why
      }
    }
    guard let id, let name else {
      throw JSONReader.Failure(reason: "a hero record without \(id == nil ? "an id" : "a name")", offset: start)
    }
    broken = broken ?? HeroLimits.idProblem(id).map { "id \($0)" } ?? HeroLimits.nameProblem(name).map { "name \($0)" }
    if let broken { throw JSONReader.Failure(reason: "the record of id \(id): \(broken)", offset: start) }
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
    if let seconds = try? reader.optionalInt() { return MarvelDate.seconds(seconds) }
    guard let text = try? reader.rawStringValue() else {
      try reader.skipValue()
      return nil
    }
    return MarvelDate.known(text.string)
  }
}

extension HeroDetails {
  /// The fields of a record read so far, to tell one given twice.
  struct Seen {
    private var bits: UInt16 = 0

    /// Notes field number `bit` (`name`), and that it breaks the rule when it was seen before.
    mutating func mark(_ bit: Int, _ name: String, _ broken: inout String?) {
      if bits & (1 << bit) != 0 { broken = broken ?? "\(name) is given twice" }
      bits |= 1 << bit
    }
  }

  /// Reads the details of a catalogue record, skipping its other fields.
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    self.init()
    try reader.beginObject()
    var seen = Seen()
    while let key = try reader.nextKey() { _ = try read(key, &reader, keep: true, seen: &seen) }
  }

  /// Reads the value of `key` if it is one of the details (into `self` when `keep`, else only
  /// checking it), or skips it; says what breaks the record rule (``HeroLimits``), if anything.
  mutating func read(_ key: JSONKey, _ reader: inout JSONReader, keep: Bool, seen: inout Seen) throws(JSONReader
    .Failure) -> String?
  {
    guard key == "description" || key == "thumbnail" || key == "urls" else {
      try reader.skipValue()
      return nil
    }
    var twice: String?
    let (bit, name) = key == "description" ? (7, "description") : key == "thumbnail" ? (8, "thumbnail") : (9, "urls")
    seen.mark(bit, name, &twice)
    if let twice {
      try reader.skipValue()
      return twice
    }
    guard !reader.skipNull() else { return nil }
    if key == "description" {
      let text = try reader.rawStringValue()
      if keep { description = text.string }
      return text.withUTF8 { HeroLimits.descriptionProblem(byteCount: $0.count) }.map { "description " + $0 }
    } else if key == "thumbnail" {
      let (path, fileExtension) = try Self.stringPair(&reader, "path", "extension")
      guard let path, let fileExtension else { throw reader.failure("a thumbnail without a path and an extension") }
      if keep {
        let picture = Thumbnail(path: path.string, extension: fileExtension.string)
        thumbnail = picture.isPlaceholder || !HeroLink.isWebAddress(picture.path) ? nil : picture
      }
      // The picture's URL, as a squad member keeps it: path, a dot, extension.
      let bytes = path.withUTF8 { $0.count } + 1 + fileExtension.withUTF8 { $0.count }
      return HeroLimits.urlProblem(byteCount: bytes).map { "thumbnail " + $0 }
    }
    var count = 0
    var problem: String?
    try reader.beginArray()
    while try reader.nextItem() {
      let (type, url) = try Self.stringPair(&reader, "type", "url")
      guard let type, let url else { throw reader.failure("a link without a type and a url") }
      count += 1
      problem =
        problem ?? [type, url].lazy.compactMap { $0.withUTF8 { HeroLimits.urlProblem(byteCount: $0.count) } }.first
      if keep, HeroLink.isWebAddress(url.string) { urls.append(HeroLink(type: type.string, url: url.string)) }
    }
    return (problem ?? HeroLimits.linksProblem(count: count)).map { "urls " + $0 }
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
