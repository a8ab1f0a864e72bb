import Foundation

extension Hero {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    self = try Self.read(&reader, keepingDetails: true)
  }

  /// By the rule of ``CharacterDTO``, hand-written because every listing reads thousands (BENCHMARKS.md,
  /// "heroes, 1,564 synced"); details are decoded only when kept (they cost a listing half again).
  /// A record that breaks ``HeroLimits`` throws with the reader past it, so a list can go on.
  static func read(_ reader: inout JSONReader, keepingDetails keep: Bool) throws(JSONReader.Failure) -> Hero {
    let start = reader.offset
    var id: Int?
    var name: String?
    var hero = Hero(id: HeroID(0), name: "")
    var broken: String?
    // By the rule of ``WholeNumber``; any other value breaks the record rule.
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
    try reader.beginObject()
    // A field given twice breaks the rule: readers disagree on which one counts.
    var seen: UInt16 = 0
    while let key = try reader.nextKey() {
      guard let field = field(key) else {
        try reader.skipValue()
        continue
      }
      let twice = seen & (1 << field) != 0
      if twice { broken = broken ?? "\(fields[field]) is given twice" }
      seen |= 1 << field
      switch field {
      case 0: id = try number("id", &reader) ?? 0
      case 1: name = try reader.string()
      case 2: hero.modified = try date(&reader)
      case 3: hero.counts.comics = try count("comics", &reader)
      case 4: hero.counts.series = try count("series", &reader)
      case 5: hero.counts.stories = try count("stories", &reader)
      case 6: hero.counts.events = try count("events", &reader)
      case _ where twice: try reader.skipValue()
      default:
        let why = try hero.readDetail(field, &reader, keep: keep)
        broken = broken ?? why
      }
    }
    guard let id, let name else {
      throw JSONReader.Failure(reason: "a hero record without \(id == nil ? "an id" : "a name")", offset: start)
    }
    broken = broken ?? HeroLimits.idProblem(id).map { "id \($0)" } ?? HeroLimits.nameProblem(name).map { "name \($0)" }
    if let broken { throw JSONReader.Failure(reason: "the record of id \(id): \(broken)", offset: start) }
    hero.id = HeroID(id)
    hero.name = name
    return hero
  }

  /// Seconds since 1970, or Marvel's text in format 2; one that is not a date is unknown.
  private static func date(_ reader: inout JSONReader) throws(JSONReader.Failure) -> Date? {
    if let seconds = try? reader.optionalInt() { return MarvelDate.seconds(seconds) }
    guard let text = try? reader.rawStringValue() else {
      try reader.skipValue()
      return nil
    }
    return MarvelDate.known(text.string)
  }
}

extension Hero {
  /// In the order of the read's `switch`.
  private static let fields: [StaticString] = [
    "id", "name", "modified", "comics", "series", "stories", "events", "description", "thumbnail", "urls",
  ]

  /// Literal compares, which the compiler makes cheap (a loop over ``fields`` costs a listing 5%).
  private static func field(_ key: JSONKey) -> Int? {
    if key == "id" { return 0 }
    if key == "name" { return 1 }
    if key == "modified" { return 2 }
    if key == "comics" { return 3 }
    if key == "series" { return 4 }
    if key == "stories" { return 5 }
    if key == "events" { return 6 }
    if key == "description" { return 7 }
    if key == "thumbnail" { return 8 }
    return key == "urls" ? 9 : nil
  }

  /// Not `keep`, the detail is only checked; says what breaks the record rule, if anything.
  private mutating func readDetail(_ field: Int, _ reader: inout JSONReader, keep: Bool) throws(JSONReader.Failure)
    -> String?
  {
    guard !reader.skipNull() else { return nil }
    if field == 7 {
      let text = try reader.rawStringValue()
      if keep { description = text.string }
      return text.withUTF8 { HeroLimits.descriptionProblem(byteCount: $0.count) }.map { "description " + $0 }
    } else if field == 8 {
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
