extension Hero: CustomTraceConvertible {
  /// Traces name the hero: a catalogue hero's details are the catalogue's bytes, meaningless in a trace.
  var traceValue: JSONValue { .object([("id", .int(id.rawValue)), ("name", .string(name))]) }
}
