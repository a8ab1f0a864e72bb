import Foundation

/// The digest that ties a history entry to the squad file it describes: the MD5 of the squad's
/// file form (``SquadFile/encode(_:)``), so only a change of content counts, not how a hand
/// edit laid the JSON out. ``absent`` stands for no file at all.
public enum SquadDigest {
  /// The digest of a squad that has no file (before it was created, after it was deleted).
  public static let absent = "none"
  /// The digest of a squad file squad could not read (an `import --replace` over it).
  public static let unreadable = "unreadable"

  /// The digest of a squad.
  public static func of(_ squad: Squad) -> String { of(fileForm: SquadFile.encode(squad)) }

  /// The digest of a squad's file form, already encoded.
  static func of(fileForm: Data) -> String { MD5.hex(MD5.digest(fileForm)) }
}
