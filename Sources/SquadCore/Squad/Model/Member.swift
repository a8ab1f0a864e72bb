import Foundation

/// A hero in the squad, with what squad remembers of them and when they joined.
struct Member: Hashable, Sendable, Identifiable {
  /// The Marvel character id; unique within a squad.
  var id: HeroID
  /// The name at recruitment.
  var name: String
  var description: String
  /// The full-size picture URL, or nil when there is none.
  var thumbnail: String?
  var recruitedAt: Date
  /// Keys of the member's object in the squad file that squad does not know, in their order.
  var unknownFields: [UnknownField] = []
}
