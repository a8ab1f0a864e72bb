/// A key of the squad file that squad does not know (a person's `"notes"`, a member's
/// `"nickname"`), carried through reads and written back unchanged so no save drops it.
public struct UnknownField: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value's JSON text as read, without the white space between its tokens.
  public var json: String

  /// A field of this key and JSON text; `json` must be one JSON value on one line.
  public init(key: String, json: String) {
    self.key = key
    self.json = json
  }

  /// The field as an ordered JSON object's key and value.
  var field: (String, JSONValue) { (key, .raw(json)) }
}

extension JSONReader {
  /// The value where the reader stands, kept under `key` as an ``UnknownField``; a key whose
  /// escape names no character is not JSON text squad can write back.
  mutating func unknownField(_ key: JSONKey) throws(Failure) -> UnknownField {
    guard let name = key.checkedString else { throw failure("a key with an escape that is no character") }
    return UnknownField(key: name, json: try compactValue())
  }
}
