import SquadCore

/// Structural mutations of a JSON document: a node swapped for another type, an edge number,
/// a hostile string, a subtree from another body, a key removed, an array blown up, deep nesting.
/// The paging numbers (`offset`, `limit`, `total`, `count`) are favoured, as code does arithmetic
/// with them.
struct JSONMutator {
  var random: SeededGenerator
  let donors: [[UInt8]]
  /// Whether a mutation already multiplied the document's size; one is allowed, as several
  /// multiply each other into gigabytes.
  private var grown = false

  init(random: SeededGenerator, donors: [[UInt8]]) {
    self.random = random
    self.donors = donors
  }

  private static let pagingKeys: Set<String> = ["offset", "limit", "total", "count", "id", "available"]
  private static let edgeInts = [
    Int.max, Int.min, Int.max - 1, Int.min + 1, -1, 0, 1, 99, 100, 101, 1 << 31, 1 << 53, 100_000_000,
    1_000_000_000_000,
  ]
  private static let hostileStrings = [
    "", " ", "\u{1B}[2J\u{1B}[31mred", "\u{1B}]8;;http://evil\u{07}link", "\u{202E}gnirts", "\u{0}", "\r\n", "=cmd()",
    "@SUM(1)", "-1", "1969-12-31T19:00:00-0500", "-0001-11-30T00:00:00-0500", "9999-99-99T99:99:99+9999",
    "275760-09-13T00:00:00Z", "image_not_available", "😀👩‍👩‍👧‍👦", "ｗｉｄｅ", String(repeating: "x", count: 70_000),
  ]

  /// One to three mutations of the document.
  mutating func mutate(_ document: JSONValue) -> JSONValue {
    var value = document
    for _ in 0...random.below(3) {
      value = random.chance(0.3) ? mutatePaging(value) : mutateSomewhere(value, depth: 0)
    }
    return value
  }

  /// Sets one of `data`'s paging numbers to an edge value, leaving the rest valid, so the
  /// arithmetic after decoding (page counts, next offsets) meets it.
  private mutating func mutatePaging(_ value: JSONValue) -> JSONValue {
    guard case .object(var fields) = value, let dataIndex = fields.firstIndex(where: { $0.0 == "data" }),
      case .object(var data) = fields[dataIndex].1, !data.isEmpty
    else { return value }
    let key = random.pick(["offset", "limit", "total", "count"])
    let number = JSONValue.int(random.pick(Self.edgeInts))
    if let index = data.firstIndex(where: { $0.0 == key }) {
      data[index].1 = number
    } else {
      data.append((key, number))
    }
    fields[dataIndex].1 = .object(data)
    return .object(fields)
  }

  private mutating func mutateSomewhere(_ value: JSONValue, depth: Int) -> JSONValue {
    switch value {
    case .object(var fields) where !fields.isEmpty && random.chance(0.75):
      let index = random.below(fields.count)
      if Self.pagingKeys.contains(fields[index].0), random.chance(0.5) {
        fields[index].1 = .int(random.pick(Self.edgeInts))
      } else if random.chance(0.1) {
        fields.remove(at: index)
      } else if random.chance(0.05) {
        fields.append(fields[index])  // a duplicate key
      } else {
        fields[index].1 = mutateSomewhere(fields[index].1, depth: depth + 1)
      }
      return .object(fields)
    case .array(var items) where !items.isEmpty && random.chance(0.75):
      let index = random.below(items.count)
      if !grown, random.chance(0.1) {
        grown = true
        items += [JSONValue](repeating: items[index], count: random.pick([10, 100, 400]))
      } else {
        items[index] = mutateSomewhere(items[index], depth: depth + 1)
      }
      return .array(items)
    default:
      return replacement(for: value)
    }
  }

  private mutating func replacement(for value: JSONValue) -> JSONValue {
    let choice = random.below(9)
    if (5...7).contains(choice) {
      guard !grown else { return .null }
      grown = true
    }
    switch choice {
    case 0: return .null
    case 1: return .int(random.pick(Self.edgeInts))
    case 2: return .double(random.pick([1e308, -1e308, .leastNonzeroMagnitude, 0.5, -0.0, 1e16]))
    case 3: return .string(random.pick(Self.hostileStrings))
    case 4: return .bool(random.chance(0.5))
    case 5: return .array(random.chance(0.5) ? [] : [value, value])
    case 6: return .object(random.chance(0.5) ? [] : [("value", value)])
    case 7:
      var nested = value
      for _ in 0..<random.pick([10, 300, 600]) { nested = .array([nested]) }
      return nested
    default:
      // A subtree of another body: a character where a comic was, an error body inside data.
      guard let donor = JSONValue.parsed(random.pick(donors)) else { return .null }
      return random.chance(0.5) ? donor : (donor["data"] ?? donor)
    }
  }
}
