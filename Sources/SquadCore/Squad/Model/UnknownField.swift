/// A key of the squad file that squad does not know (a person's `"notes"`, a member's
/// `"nickname"`), carried through reads and written back unchanged so no save drops it.
struct UnknownField: Hashable, Sendable {
  var key: String
  /// The value's JSON text as read: one value on one line, without the white space between its tokens.
  var json: String
  var field: (String, JSONValue) { (key, .raw(json)) }
}

extension JSONReader {
  /// A key whose escape names no character is no JSON text squad can write back, and one given twice is refused
  /// as squad's own are: readers disagree on which counts.
  mutating func appendUnknownField(_ key: JSONKey, to fields: inout [UnknownField]) throws(Failure) {
    guard let name = key.checkedString else { throw failure("a key with an escape that is no character") }
    guard !fields.contains(where: { $0.key == name }) else { throw failure("the key '\(name)' is given twice") }
    fields.append(UnknownField(key: name, json: try compactValue()))
  }
}
