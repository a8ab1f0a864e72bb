import Foundation

/// Every real Marvel character (1,564), so squad works at once with no keys and no network. A
/// `StaticString`: its bytes are searched where they lie in the binary, without decoding.
enum BundledCatalogue {
  static let index: CatalogueIndex = {
    let buffer = UnsafeBufferPointer(start: file.utf8Start, count: file.utf8CodeUnitCount)
    // The catalogue tests catch a broken generator; at run time squad carries on rather than trap.
    return (try? CatalogueIndex(SharedBytes(static: buffer))) ?? empty
  }()

  static let empty = CatalogueIndex(empty: ())
}
