/// What a reset reverts and drops.
struct CatalogueContents: Equatable, Sendable {
  var droppedHeroes: Int
  var revertedHeroes = 0
  var comics: Int
  var damage: String? = nil
  /// Device, inode, size: another file under the reset's lock is a change the question did not count.
  var file: [UInt64]? = nil

  var isBundledSetOnly: Bool { droppedHeroes == 0 && revertedHeroes == 0 && comics == 0 && damage == nil }
}

extension CatalogueContents {
  init(resetting snapshot: CatalogueSnapshot, file: [UInt64]?) {
    if let damage = snapshot.damage {
      self.init(droppedHeroes: 0, comics: 0, damage: damage)
    } else if case .found(let catalogue) = snapshot.stored {
      self.init(measuring: catalogue)
    } else {
      self.init(measuring: LocalCatalogue())
    }
    self.file = file
  }

  /// A bundled hero is kept only when its record is the bundled one, not by its label: one
  /// labelled bundled may hold fields an older record filled in.
  init(measuring catalogue: LocalCatalogue) {
    let bundled = catalogue.bundledStanding()
    let reverted = bundled.relabelled + bundled.filledIn
    self.init(
      droppedHeroes: catalogue.count - bundled.same - reverted, revertedHeroes: reverted,
      comics: catalogue.comicCount)
  }
}
