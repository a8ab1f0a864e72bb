import Foundation

/// A key (or string) as read, quotes included: a view of the document's bytes, so reading and
/// comparing keys allocates nothing. Escapes (rare in squad's records) are decoded only when the
/// text is asked for, by Foundation's decoder.
struct JSONKey {
  let quoted: UnsafeBufferPointer<UInt8>
  let hasEscapes: Bool

  private var content: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: quoted[(quoted.startIndex + 1)..<(quoted.endIndex - 1)])
  }

  var string: String { checkedString ?? "" }

  var checkedString: String? {
    guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
    return try? JSONDecoder().decode(String.self, from: Data(quoted))
  }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard hasEscapes else { return body(content) }
    var text = string
    return text.withUTF8(body)
  }

  @inline(__always)
  static func == (key: JSONKey, name: StaticString) -> Bool {
    guard !key.hasEscapes else { return key.string == name.description }
    let content = key.content
    guard content.count == name.utf8CodeUnitCount else { return false }
    for index in 0..<content.count where content[index] != name.utf8Start[index] { return false }
    return true
  }
}
