/// Where an archived Marvel document's records are (shapes: docs/CATALOGUE.md), walked with ``JSONReader``:
/// decoded whole, millions of tiny records would become millions of values before the first check.
enum CatalogueDocument {
  struct Detail: Error, Equatable {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// The bytes must be UTF-8 already checked, without a byte-order mark.
  static func forEachRecord(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) throws(Detail) -> Void
  ) throws(Detail) {
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else {
      throw Detail("the file is empty; expected a Marvel response, list or JSON Lines of records")
    }
    var reader = JSONReader(bytes)
    do throws(JSONReader.Failure) {
      try reader.skipValue()
    } catch {
      // Not one document: JSON Lines, one record per line.
      if bytes.contains(UInt8(ascii: "\n")) { return try lines(bytes, body) }
      throw Detail("not JSON (\(error.description))")
    }
    guard reader.isAtEnd() else {
      if bytes.contains(UInt8(ascii: "\n")) { return try lines(bytes, body) }
      throw Detail("not JSON (unexpected text after the document at byte \(reader.offset))")
    }
    switch bytes[first] {
    case UInt8(ascii: "["): try items(bytes, first..<bytes.count, field: nil, body)
    case UInt8(ascii: "{"): try object(bytes, first..<bytes.count, body)
    default: throw Detail("not a Marvel response, list or record")
    }
  }

  private static func object(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>, Int) throws(Detail) -> Void
  ) throws(Detail) {
    let (fields, repeated) = try members(bytes, range)
    if let data = fields["data"], opens(bytes, data, "{") {
      if let repeated { throw twice(repeated) }
      if let code = fields["code"], let text = errorCode(bytes[code]) {
        throw Detail("an API error answer (code \(TextSnippet.quote(text))), not data")
      }
      let (inner, repeatedInside) = try members(bytes, data)
      if let repeatedInside { throw twice("data." + repeatedInside) }
      guard let results = inner["results"], opens(bytes, results, "[") else {
        throw Detail("data.results: not a list")
      }
      try noRepeatedKey(bytes, fields, apart: "data", path: "")
      try noRepeatedKey(bytes, inner, apart: "results", path: "data")
      return try items(bytes, results, field: "data.results", body)
    }
    for field in ["results", "characters", "comics"] {
      if let list = fields[field], opens(bytes, list, "[") {
        if let repeated { throw twice(repeated) }
        try noRepeatedKey(bytes, fields, apart: field, path: "")
        return try items(bytes, list, field: field, body)
      }
    }
    // A single record: its keys are checked as every record's are.
    if fields["id"] != nil { return try body(range, 1) }
    if fields["code"] != nil { throw Detail("an API error answer, with no data") }
    throw Detail("not a Marvel response, list or record")
  }

  /// A key given twice is refused, as in an answer from the API: readers differ on which one counts.
  private static func members(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(Detail) -> (
    [String: Range<Int>], repeated: String?
  ) {
    var reader = JSONReader(bytes, range: range)
    var found: [String: Range<Int>] = [:]
    var repeated: String?
    do throws(JSONReader.Failure) {
      try reader.beginObject()
      while let key = try reader.nextKey() {
        let start = reader.offset
        try reader.skipValue()
        let name = key.string
        if found[name] == nil { found[name] = start..<reader.offset } else if repeated == nil { repeated = name }
      }
    } catch {
      throw Detail("not JSON (\(error.description))")
    }
    return (found, repeated)
  }

  /// `apart`'s records are checked one by one as they are read.
  private static func noRepeatedKey(
    _ bytes: UnsafeBufferPointer<UInt8>, _ fields: [String: Range<Int>], apart: String, path: String
  ) throws(Detail) {
    for (name, range) in fields.sorted(by: { $0.value.lowerBound < $1.value.lowerBound }) where name != apart {
      var reader = JSONReader(bytes, range: range)
      // The document was read whole before: a failure here cannot happen.
      guard let inner = try? reader.repeatedKey() else { continue }
      let outer = path.isEmpty ? name : path + "." + name
      throw twice(outer + (inner.hasPrefix("[") ? "" : ".") + inner)
    }
  }

  private static func twice(_ path: String) -> Detail {
    Detail("'\(TextSnippet.quote(path))' is given twice; squad will not guess which one counts")
  }

  private static func items(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, field: String?,
    _ body: (Range<Int>, Int) throws(Detail) -> Void
  ) throws(Detail) {
    var reader = JSONReader(bytes, range: range)
    let prefix = field.map { $0 + ": " } ?? ""
    do throws(JSONReader.Failure) {
      try reader.beginArray()
    } catch {
      throw Detail("\(prefix)not JSON (\(error.description))")
    }
    var number = 0
    while true {
      let start: Int
      do throws(JSONReader.Failure) {
        guard try reader.nextItem() else { break }
        start = reader.offset
        try reader.skipValue()
      } catch {
        throw Detail("\(prefix)not JSON (\(error.description))")
      }
      number += 1
      try body(start..<reader.offset, number)
    }
  }

  private static func lines(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) throws(Detail) -> Void
  ) throws(Detail) {
    var number = 0
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      lineNumber += 1
      defer { start = end + 1 }
      guard bytes[start..<end].contains(where: { !isSpace($0) }) else { continue }
      number += 1
      var reader = JSONReader(bytes, range: start..<end)
      do throws(JSONReader.Failure) {
        try reader.skipValue()
        guard reader.isAtEnd() else { throw reader.failure("unexpected text after the record") }
      } catch {
        throw Detail("record \(number) (line \(lineNumber)): not JSON (\(error.description))")
      }
      try body(start..<end, number)
    }
  }

  /// Nil when it is Marvel's 200, as a number or a string.
  static func errorCode(_ code: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    let text = String(decoding: UnsafeBufferPointer(rebasing: code), as: UTF8.self).trimmingWhitespace()
    return text == "200" || text == "\"200\"" ? nil : text
  }

  private static func opens(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ opening: Character) -> Bool {
    bytes[range].first(where: { !isSpace($0) }) == opening.asciiValue
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
