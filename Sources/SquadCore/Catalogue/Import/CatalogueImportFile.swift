import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One archived Marvel file, told by its content: a response wrapper
/// (`{code, data: {results}}`), a bare data container (`{offset, …, results}`), a JSON array of
/// records, a derived list (`{"characters": [...]}`, numbers as strings), JSON Lines, or a
/// single record. Records are characters or comics (``ImportedRecord``).
enum CatalogueImportFile {
  /// The largest file read (``InputLimit/catalogueImportFile``).
  static let maximumSize = InputLimit.catalogueImportFile

  /// Why a file cannot be imported, in the `FILE: record N: field: what is wrong` form.
  struct Problem: Error, Equatable, Sendable {
    var path: String
    var detail: String
    var description: String { "\(path): \(detail)" }
  }

  /// Every record of the file, all checked; the first problem otherwise.
  static func records(_ path: String) -> Result<[ImportedRecord], Problem> {
    let bytes: [UInt8]
    switch read(path) {
    case .success(let value): bytes = value
    case .failure(let problem): return .failure(problem)
    }
    let values: [JSONValue]
    switch documents(bytes) {
    case .success(let found): values = found
    case .failure(let detail): return .failure(Problem(path: path, detail: detail.text))
    }
    var records: [ImportedRecord] = []
    records.reserveCapacity(values.count)
    for (index, value) in values.enumerated() {
      do throws(ImportedRecord.Problem) {
        records.append(try ImportedRecord(value))
      } catch {
        return .failure(Problem(path: path, detail: "record \(index + 1): \(error.field): \(error.message)"))
      }
    }
    return .success(records)
  }

  private static func read(_ path: String) -> Result<[UInt8], Problem> {
    do throws(PersistenceError) {
      guard let bytes = try BoundedInput.regularFile(path, limit: maximumSize) else {
        return .failure(Problem(path: path, detail: "no such file"))
      }
      return .success(bytes)
    } catch {
      switch error.reason {
      case .tooLarge(let limit):
        return .failure(
          Problem(path: path, detail: "larger than \(InputLimit.describe(limit)), the most one import file may hold"))
      case .notAFile(let kind): return .failure(Problem(path: path, detail: "\(kind), not a regular file"))
      case .danglingLink: return .failure(Problem(path: path, detail: "a symbolic link to nothing"))
      case .unreadable(let detail), .corrupt(let detail), .unwritable(let detail):
        return .failure(Problem(path: path, detail: detail))
      default: return .failure(Problem(path: path, detail: "cannot be read"))
      }
    }
  }

  /// What is wrong with a document.
  struct Detail: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// The record values of a document of any of the shapes, or what is wrong with it.
  static func documents(_ bytes: [UInt8]) -> Result<[JSONValue], Detail> {
    let whole: JSONValue
    do throws(JSONParser.Failure) {
      whole = try JSONParser.parse(bytes)
    } catch {
      // Not one document: JSON Lines, one record per line.
      if bytes.contains(UInt8(ascii: "\n")) { return lines(bytes) }
      return .failure(Detail("not JSON (\(error.description))"))
    }
    switch whole {
    case .array(let items): return .success(items)
    case .object:
      if case .object? = whole["data"] {
        guard case .array(let items)? = whole["data"]?["results"] else {
          return .failure(Detail("data.results: not a list"))
        }
        return .success(items)
      }
      if case .array(let items)? = whole["results"] { return .success(items) }
      if case .array(let items)? = whole["characters"] { return .success(items) }
      if case .array(let items)? = whole["comics"] { return .success(items) }
      if whole["id"] != nil { return .success([whole]) }
      if whole["code"] != nil { return .failure(Detail("an API error answer, with no data")) }
      return .failure(Detail("not a Marvel response, list or record"))
    default:
      return .failure(Detail("not a Marvel response, list or record"))
    }
  }

  private static func lines(_ bytes: [UInt8]) -> Result<[JSONValue], Detail> {
    var values: [JSONValue] = []
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      do throws(JSONParser.Failure) {
        values.append(try JSONParser.parse(Array(line)))
      } catch {
        return .failure(Detail("record \(values.count + 1) (line \(lineNumber)): not JSON (\(error.description))"))
      }
    }
    return .success(values)
  }
}
