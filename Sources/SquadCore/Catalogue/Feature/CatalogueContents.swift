/// How much the catalogue holds beyond the bundled set: what a reset reverts and drops.
struct CatalogueContents: Equatable, Sendable {
  /// Heroes that are not in the bundled set: a reset drops them.
  var droppedHeroes: Int
  /// Bundled heroes whose record was since updated (synced or imported): a reset reverts them.
  var revertedHeroes = 0
  var comics: Int
  /// Why the stored file cannot be used, when it is damaged: a reset then moves it aside.
  var damage: String? = nil
  /// The stored file measured (device, inode, size): every write replaces it, so another one
  /// under the reset's lock means a change the question did not count.
  var file: [UInt64]? = nil

  var isBundledSetOnly: Bool { droppedHeroes == 0 && revertedHeroes == 0 && comics == 0 && damage == nil }
}

extension CatalogueContents {
  /// What a reset of the snapshot's file reverts and drops, or its damage; `file` is its identity.
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

  /// What a reset of `catalogue` (whole, not damaged) reverts and drops: a plan over what was
  /// read, decided without files. A bundled hero is kept only when its record is the bundled one,
  /// not by its label: one labelled bundled may hold fields an older record filled in.
  init(measuring catalogue: LocalCatalogue) {
    let bundled = catalogue.bundledStanding()
    let reverted = bundled.relabelled + bundled.filledIn
    self.init(
      droppedHeroes: catalogue.count - bundled.same - reverted, revertedHeroes: reverted,
      comics: catalogue.comicCount)
  }
}
