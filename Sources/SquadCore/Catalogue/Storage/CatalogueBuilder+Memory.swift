import Foundation

extension CatalogueBuilder {
  /// The catalogue built in memory and read back as an index.
  func memoryIndex(updatedAt: Date?, bundled: String) -> CatalogueIndex {
    var sink = MemoryCatalogueSink()
    try? write(updatedAt: updatedAt, bundled: bundled, to: &sink)
    // What the writer makes always reads back; the empty catalogue stands in should it not.
    return (try? CatalogueIndex(SharedBytes(sink.bytes))) ?? BundledCatalogue.empty
  }
}
