import Foundation

/// Reads a whole file squad keeps for itself, through ``BoundedInput``: only a regular file, and
/// never more than ``InputLimit/mappedFile`` bytes.
public enum FileBytes {
  /// The file's bytes; nil when it does not exist. Any other failure (permissions, a FIFO or a
  /// folder in the way, a file too large) is an error naming the reason.
  public static func read(_ path: String, limit: Int = InputLimit.mappedFile) throws(PersistenceError) -> Data? {
    try BoundedInput.regularFile(path, limit: limit).map { Data($0) }
  }
}
