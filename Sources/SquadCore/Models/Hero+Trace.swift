extension Hero: CustomTraceConvertible {
  /// Traces name the hero: a hero read from the catalogue keeps its details as the catalogue's
  /// bytes, which mean nothing in a trace.
  var traceValue: JSONValue { .object([("id", .int(id.rawValue)), ("name", .string(name))]) }
}
