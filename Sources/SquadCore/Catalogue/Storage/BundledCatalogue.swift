import Foundation

/// Every real Marvel character (1,564), compiled into the binary as a catalogue file
/// (``CatalogueFormat``), so squad works at once with no keys and no network.
///
/// The file is a `StaticString`: its bytes lie in the binary and are searched where they are,
/// so a fresh home finds a hero by bisection without decoding the other 1,563.
enum BundledCatalogue {
  static let index: CatalogueIndex = {
    let buffer = UnsafeBufferPointer(start: file.utf8Start, count: file.utf8CodeUnitCount)
    // The generator's output always reads; a broken one is caught by the catalogue tests, and
    // at run time squad carries on with no bundled heroes rather than trap.
    return (try? CatalogueIndex(SharedBytes(static: buffer))) ?? empty
  }()

  static let empty = CatalogueIndex(empty: ())
}
