import Foundation

/// The catalogue file of squad releases before the indexed format (`cache/catalogue.json`:
/// `{"schemaVersion":1,"bundled":…,"updatedAt":…,"heroes":[…]}`), read once to migrate it.
struct LegacyCatalogueFile: Sendable {
  /// The file's path.
  let path: String

  /// The stored heroes and when they were stored; nil when there is no file. A file that cannot
  /// be read or parsed is an error, so the caller can say so and keep it.
  /// Records that break the record rule (``HeroLimits``) are left out and listed in `skipped`.
  func load() throws(PersistenceError) -> (heroes: [Hero], updatedAt: Date?, skipped: [HeroRecordProblem])? {
    guard let source = try SharedBytes.mapping(path) else { return nil }
    do throws(JSONParser.Failure) {
      let stored = try source.withBytes { (buffer) throws(JSONParser.Failure) in try Self.read(buffer, source: source) }
      return (stored.heroes, stored.updatedAt, stored.skipped)
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: error.description))
    }
  }

  /// The file's contents: its heroes, when they were stored, and the bundled set they include.
  private static func read(_ buffer: UnsafeBufferPointer<UInt8>, source: SharedBytes) throws(JSONParser.Failure) -> (
    heroes: [Hero], updatedAt: Date?, bundled: String?, skipped: [HeroRecordProblem]
  ) {
    var reader = JSONReader(buffer)
    var heroes: [Hero] = []
    var skipped: [HeroRecordProblem] = []
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
        while try reader.nextItem() {
          var problem: HeroRecordProblem?
          let hero = try Hero(reading: &reader, source: source, problem: &problem)
          if let problem { skipped.append(problem) } else { heroes.append(hero) }
        }
      } else if key == "updatedAt" {
        updatedAt = try reader.optionalString().flatMap(MarvelDate.parse)
      } else if key == "bundled" {
        bundled = try reader.optionalString()
      } else {
        try reader.skipValue()
      }
    }
    guard reader.isAtEnd() else { throw reader.failure("unexpected text after the document") }
    return (heroes, updatedAt, bundled, skipped)
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
}
