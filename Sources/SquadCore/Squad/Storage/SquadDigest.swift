import Foundation

/// The digest tying a history entry to its squad file: the MD5 of the file form (``SquadFile/encode(_:)``).
enum SquadDigest {
  /// The digest of a squad that has no file (before it was created, after it was deleted).
  static let absent = "none"
  /// The digest of a squad file squad could not read (an `import --replace` over it).
  static let unreadable = "unreadable"
  static func of(_ squad: Squad) -> String { of(fileForm: SquadFile.encode(squad)) }
  static func of(fileForm: Data) -> String { MD5.hex(MD5.digest(fileForm)) }
}
