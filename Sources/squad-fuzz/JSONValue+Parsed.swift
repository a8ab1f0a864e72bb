import Foundation
import SquadCore

extension JSONValue {
  /// The value of JSON bytes, read with Foundation's decoder; nil when they are not JSON. Object
  /// keys come back sorted, so mutations stay the same for a seed.
  static func parsed(_ bytes: [UInt8]) -> JSONValue? {
    (try? JSONDecoder().decode(Parsed.self, from: Data(bytes)))?.value
  }

  /// The value of an object's field, if this is an object that has it.
  subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = self else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  private struct Parsed: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        value = .null
      } else if let bool = try? container.decode(Bool.self) {
        value = .bool(bool)
      } else if let int = try? container.decode(Int.self) {
        value = .int(int)
      } else if let double = try? container.decode(Double.self) {
        value = .double(double)
      } else if let string = try? container.decode(String.self) {
        value = .string(string)
      } else if let items = try? container.decode([Parsed].self) {
        value = .array(items.map(\.value))
      } else {
        value = .object(
          try container.decode([String: Parsed].self).sorted { $0.key < $1.key }.map { ($0.key, $0.value.value) })
      }
    }
  }
}
