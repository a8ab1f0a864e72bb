import Foundation

/// One record of an archived Marvel file, checked: a character or a comic.
enum ImportedRecord: Equatable, Sendable {
  case hero(Hero)
  case comic(StoredComic)

  /// The longest comic title accepted, in UTF-8 bytes as a name (Marvel's longest is under 100);
  /// a character's name, description and links follow ``HeroLimits``, the rule for every hero record.
  static let maximumTitleBytes = HeroLimits.maximumNameBytes
  /// Ids are whole numbers from 1 to this (Marvel's are seven digits).
  static let maximumID = 999_999_999_999

  /// What is wrong with a record: the field and how.
  struct Problem: Error, Equatable, Sendable {
    var field: String
    var message: String
  }

  /// Reads a character (has a `name`) or a comic (has a `title`); numbers may be strings, as in
  /// Marvel's derived lists. A field a record lacks stays unknown.
  init(_ value: JSONValue) throws(Problem) {
    guard case .object = value else { throw Problem(field: "record", message: "not a JSON object") }
    if value["name"] != nil {
      self = .hero(try Self.hero(value))
    } else if value["title"] != nil {
      self = .comic(try Self.comic(value))
    } else {
      throw Problem(field: "record", message: "neither a character (no name) nor a comic (no title)")
    }
  }

  private static func hero(_ value: JSONValue) throws(Problem) -> Hero {
    let id = try self.id(value["id"], field: "id")
    let name = try text(value["name"], field: "name", limit: HeroLimits.maximumNameBytes) ?? ""
    if let problem = HeroLimits.nameProblem(name) { throw Problem(field: "name", message: problem) }
    let description =
      try text(value["description"], field: "description", limit: HeroLimits.maximumDescriptionBytes) ?? ""
    if let problem = HeroLimits.descriptionProblem(description) {
      throw Problem(field: "description", message: problem)
    }
    let modified = try date(value["modified"], field: "modified")
    var thumbnail: Thumbnail?
    if let image = value["thumbnail"], image != .null {
      guard let path = try text(image["path"], field: "thumbnail.path", limit: HeroLimits.maximumURLBytes),
        let fileExtension = try text(image["extension"], field: "thumbnail.extension", limit: 20)
      else { throw Problem(field: "thumbnail", message: "needs a path and an extension") }
      if !path.hasSuffix("image_not_available") { thumbnail = Thumbnail(path: path, extension: fileExtension) }
    }
    var counts = HeroCounts()
    counts.comics = try count(value["comics"], field: "comics")
    counts.series = try count(value["series"], field: "series")
    counts.stories = try count(value["stories"], field: "stories")
    counts.events = try count(value["events"], field: "events")
    var links: [HeroLink] = []
    if let urls = value["urls"], urls != .null {
      guard case .array(let items) = urls else { throw Problem(field: "urls", message: "not a list") }
      if let problem = HeroLimits.linksProblem(count: items.count) { throw Problem(field: "urls", message: problem) }
      for (index, item) in items.enumerated() {
        guard let type = try text(item["type"], field: "urls[\(index)].type", limit: 100),
          let url = try text(item["url"], field: "urls[\(index)].url", limit: HeroLimits.maximumURLBytes)
        else { throw Problem(field: "urls[\(index)]", message: "needs a type and a url") }
        links.append(HeroLink(type: type, url: url))
      }
    }
    return Hero(
      id: HeroID(id), name: name, description: description, modified: modified, thumbnail: thumbnail, counts: counts,
      urls: links)
  }

  private static func comic(_ value: JSONValue) throws(Problem) -> StoredComic {
    let id = try self.id(value["id"], field: "id")
    guard let title = try text(value["title"], field: "title", limit: maximumTitleBytes) else {
      throw Problem(field: "title", message: "missing")
    }
    var onSale: Date?
    if let dates = value["dates"], dates != .null {
      guard case .array(let items) = dates else { throw Problem(field: "dates", message: "not a list") }
      for (index, item) in items.enumerated() where item["type"] == .string("onsaleDate") {
        onSale = try date(item["date"], field: "dates[\(index)].date")
      }
    } else if value["onSale"] != nil {
      onSale = try date(value["onSale"], field: "onSale")
    }
    var characters: [HeroID] = []
    if let list = value["characters"], list != .null {
      let items: [JSONValue]
      switch list {
      case .array(let direct): items = direct
      case .object:
        guard case .array(let nested)? = list["items"] else {
          throw Problem(field: "characters.items", message: "not a list")
        }
        items = nested
      default: throw Problem(field: "characters", message: "not a list")
      }
      for (index, item) in items.enumerated() {
        characters.append(HeroID(try characterID(item, field: "characters.items[\(index)]")))
      }
    }
    return StoredComic(id: id, title: title, onSale: onSale, characters: characters)
  }

  /// A character of a comic: an id, or `{resourceURI: ".../characters/1009652", name}`.
  private static func characterID(_ item: JSONValue, field: String) throws(Problem) -> Int {
    if case .object = item {
      if item["id"] != nil { return try id(item["id"], field: field + ".id") }
      guard case .string(let uri)? = item["resourceURI"], let last = uri.split(separator: "/").last,
        let number = Int(last),
        (1...maximumID).contains(number)
      else { throw Problem(field: field + ".resourceURI", message: "does not end in a character id") }
      return number
    }
    return try id(item, field: field)
  }

  private static func id(_ value: JSONValue?, field: String) throws(Problem) -> Int {
    guard let value, value != .null else { throw Problem(field: field, message: "missing") }
    guard let number = wholeNumber(value), (1...maximumID).contains(number) else {
      throw Problem(field: field, message: "not a whole number from 1 to \(maximumID)")
    }
    return number
  }

  private static func count(_ value: JSONValue?, field: String) throws(Problem) -> Int? {
    guard let value, value != .null else { return nil }
    // Marvel's full records say `{"available": 12, "items": [...]}`; our own lists say 12.
    let number: JSONValue
    if case .object = value {
      guard let available = value["available"] else { return nil }
      number = available
    } else {
      number = value
    }
    guard let count = wholeNumber(number), (0...100_000_000).contains(count) else {
      throw Problem(field: field, message: "not a count from 0 to 100000000")
    }
    return count
  }

  /// A JSON number, or a string of plain digits as derived lists write them (no sign, spaces
  /// or other decoration: `"+5"` and `" 5"` are not ids).
  private static func wholeNumber(_ value: JSONValue) -> Int? {
    switch value {
    case .int(let number): return number
    case .string(let text)
    where (1...18).contains(text.utf8.count) && text.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
      return Int(text)
    default: return nil
    }
  }

  private static func text(_ value: JSONValue?, field: String, limit: Int) throws(Problem) -> String? {
    guard let value, value != .null else { return nil }
    guard case .string(let text) = value else { throw Problem(field: field, message: "not text") }
    let bytes = text.utf8.count
    guard bytes <= limit else {
      throw Problem(field: field, message: "\(bytes) bytes is longer than the \(limit) squad keeps")
    }
    return text
  }

  private static func date(_ value: JSONValue?, field: String) throws(Problem) -> Date? {
    guard let text = try text(value, field: field, limit: 64) else { return nil }
    // Marvel marks unknown dates as the epoch or year -1; they are kept as unknown.
    if text.hasPrefix("-") { return nil }
    guard let date = MarvelDate.parse(text) else { throw Problem(field: field, message: "'\(text)' is not a date") }
    return date == MarvelDate.unknownMarker ? nil : date
  }
}
