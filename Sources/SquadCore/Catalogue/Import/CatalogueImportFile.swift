import Foundation

/// One archived Marvel file, read with `squad import`'s rules: a byte-order mark is skipped, bytes
/// that are not UTF-8 are refused (never repaired into U+FFFD), and so is an empty or blank file.
enum CatalogueImportFile {
  /// In the `FILE: record N: field: what is wrong` form.
  struct Problem: Error, Equatable, Sendable {
    var path: String
    var detail: String
    /// Whether the file system refused (exit 1), rather than the content being wrong (exit 65).
    var isUnreadable = false
    var description: String { "\(path): \(detail)" }
  }

  static func read(_ path: String) -> Result<[UInt8], Problem> {
    do throws(PersistenceError) {
      guard let bytes = try BoundedInput.regularFile(path, limit: InputLimit.catalogueImportFile) else {
        return .failure(Problem(path: path, detail: "no such file"))
      }
      return .success(ByteOrderMark.stripped(bytes))
    } catch {
      switch error.reason {
      case .tooLarge(let limit):
        return .failure(
          Problem(path: path, detail: "larger than \(InputLimit.describe(limit)), the most one import file may hold"))
      case .notAFile(let kind): return .failure(Problem(path: path, detail: "\(kind), not a regular file"))
      case .danglingLink: return .failure(Problem(path: path, detail: "a symbolic link to nothing", isUnreadable: true))
      case .unreadable(let detail): return .failure(Problem(path: path, detail: detail, isUnreadable: true))
      case .corrupt(let detail), .unwritable(let detail): return .failure(Problem(path: path, detail: detail))
      default: return .failure(Problem(path: path, detail: "cannot be read", isUnreadable: true))
      }
    }
  }

  /// Nil for anything else, which is read as an archive, with that reading's limits and errors.
  static func ownCatalogue(_ path: String) -> SharedBytes? {
    guard let bytes = try? SharedBytes.mapping(path),
      bytes.withBytes({ $0.starts(with: "squad-catalogue ".utf8) })
    else { return nil }
    return bytes
  }

  static func forEachRecord(
    _ bytes: [UInt8], path: String, _ body: (ImportedRecord) throws(CatalogueDocument.Detail) -> Void
  ) throws(Problem) {
    if let offset = UTF8Check.firstInvalidByte(bytes) {
      throw Problem(path: path, detail: "not UTF-8 text (byte \(offset)); save it as UTF-8 and import it again")
    }
    let decoder = JSONDecoder()
    do throws(CatalogueDocument.Detail) {
      try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogueDocument.Detail) in
        try CatalogueDocument.forEachRecord(buffer) { (range, number) throws(CatalogueDocument.Detail) in
          var reader = JSONReader(buffer, range: range)
          if let key = try? reader.repeatedKey() {
            throw CatalogueDocument.Detail(
              "record \(number): '\(TextSnippet.quote(key))' is given twice; squad will not guess which one counts")
          }
          let record: ImportedRecord
          do {
            record = try decoder.decode(ImportedRecord.self, from: Data(buffer[range]))
          } catch {
            throw CatalogueDocument.Detail("record \(number): " + DecodingErrorText.describe(error, at: ""))
          }
          try body(record)
        }
      }
    } catch {
      throw Problem(path: path, detail: error.text)
    }
  }
}
