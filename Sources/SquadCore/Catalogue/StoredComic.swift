import Foundation

/// A comic as the local catalogue keeps it (from an imported comics response): enough for
/// `show` to name a hero's latest comics offline.
public struct StoredComic: Hashable, Sendable {
  /// Marvel's comic id.
  public var id: Int
  /// The title, e.g. `Avengers (1963) #12`.
  public var title: String
  /// When it went on sale; nil when unknown.
  public var onSale: Date?
  /// The characters it lists.
  public var characters: [HeroID]

  /// Creates a comic.
  public init(id: Int, title: String, onSale: Date?, characters: [HeroID]) {
    self.id = id
    self.title = title
    self.onSale = onSale
    self.characters = characters
  }

  /// The appearance `show` prints.
  public var appearance: ComicAppearance { ComicAppearance(title: title, onSale: onSale) }

  /// The catalogue line, with where it came from.
  func record(origin: HeroOrigin) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .int(id)), ("src", .string(origin.rawValue)), ("title", .string(title)),
    ]
    if let onSale { fields.append(("onSale", .string(MarvelDate.format(onSale)))) }
    fields.append(("characters", .array(characters.map { .int($0.rawValue) })))
    return .object(fields)
  }

  /// Reads a catalogue line.
  init(reading reader: inout JSONReader) throws(JSONParser.Failure) {
    var id: Int?
    var title: String?
    var onSale: Date?
    var characters: [HeroID] = []
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "id" {
        id = try reader.int()
      } else if key == "title" {
        title = try reader.string()
      } else if key == "onSale" {
        onSale = try reader.optionalString().flatMap(MarvelDate.parse)
      } else if key == "characters" {
        try reader.beginArray()
        while try reader.nextItem() { characters.append(HeroID(try reader.int())) }
      } else {
        try reader.skipValue()
      }
    }
    guard let id, let title else { throw reader.failure("a comic without an id or a title") }
    self.init(id: id, title: title, onSale: onSale, characters: characters)
  }
}
