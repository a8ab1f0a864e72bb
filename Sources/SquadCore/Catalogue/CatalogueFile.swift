import Foundation

/// Stores the heroes learnt from the API (`cache/catalogue.json`) and merges them with the
/// bundled set on load.
public struct CatalogueFile: Sendable {
  /// The catalogue file's path.
  public let path: String

  /// A catalogue file at the given path.
  public init(path: String) { self.path = path }

  /// The bundled set merged with the stored heroes. A missing file gives the bundled set; an
  /// unreadable or corrupt one is an error, so the caller can report it and carry on.
  ///
  /// The file holds the whole merged catalogue and the fingerprint of the bundled set it was
  /// merged with; only when this binary bundles a different set is the merge done again.
  public func load() throws(PersistenceError) -> LocalCatalogue {
    guard let source = try SharedBytes.mapping(path) else { return LocalCatalogue() }
    do throws(JSONParser.Failure) {
      let stored = try source.withBytes { (buffer) throws(JSONParser.Failure) in try Self.read(buffer, source: source) }
      var catalogue = LocalCatalogue(heroes: stored.bundled == BundledCatalogue.fingerprint ? [] : BundledCatalogue.heroes)
      catalogue.merge(stored.heroes, at: stored.updatedAt)
      return catalogue
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: error.description))
    }
  }

  /// The file's contents: its heroes, when they were stored, and the bundled set they include.
  private static func read(_ buffer: UnsafeBufferPointer<UInt8>, source: SharedBytes) throws(JSONParser.Failure) -> (
    heroes: [Hero], updatedAt: Date?, bundled: String?
  ) {
    var reader = JSONReader(buffer)
    var heroes: [Hero] = []
    var updatedAt: Date?
    var bundled: String?
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "heroes" {
        guard !reader.skipNull() else { continue }
        // One record per line, as save writes them: reserving once spares copying every hero
        // into fresh memory each time the array doubles.
        heroes.reserveCapacity(Self.lineCount(buffer))
        try reader.beginArray()
        while try reader.nextItem() { heroes.append(try Hero(reading: &reader, source: source)) }
      } else if key == "updatedAt" {
        updatedAt = try reader.optionalString().flatMap(MarvelDate.parse)
      } else if key == "bundled" {
        bundled = try reader.optionalString()
      } else {
        try reader.skipValue()
      }
    }
    guard reader.isAtEnd() else { throw reader.failure("unexpected text after the document") }
    return (heroes, updatedAt, bundled)
  }

  private static func lineCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    guard var cursor = buffer.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
    let end = cursor + buffer.count
    var count = 0
    while cursor < end, let newline = memchr(cursor, 0x0A, end - cursor) {
      count += 1
      cursor = UnsafeRawPointer(newline) + 1
    }
    return count
  }

  /// Writes the whole catalogue atomically, one hero record per line, first removing what
  /// writers killed mid-save left behind. Call it while holding the catalogue's lock.
  public func save(_ catalogue: LocalCatalogue) throws(PersistenceError) {
    AtomicFile.removeLeftovers(of: path)
    let heroes = catalogue.heroes.sorted { $0.id < $1.id }
    var text = "{\"schemaVersion\":1,\"bundled\":\"\(BundledCatalogue.fingerprint)\",\"updatedAt\":"
    text += JSONValue.string(MarvelDate.iso8601(catalogue.updatedAt ?? Date())).encoded()
    text += ",\"heroes\":[\n"
    text += heroes.map { $0.record.encoded() }.joined(separator: ",\n")
    text += "\n]}\n"
    try AtomicFile.write(Data(text.utf8), to: path)
  }
}
