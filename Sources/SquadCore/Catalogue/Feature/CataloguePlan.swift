import Foundation

/// The catalogue as one command finds it (under the lock, when it writes).
struct CatalogueSnapshot: Sendable {
  enum Stored: Sendable {
    case missing
    case found(LocalCatalogue)
    /// A header that does not read; the bytes, when they could be read, to salvage from.
    case damaged(String, SharedBytes?)
  }

  /// Damage anywhere counts: such a file is kept aside, never dropped, since its intact records may
  /// be found nowhere else.
  var damage: String? {
    switch stored {
    case .damaged(let problem, _): return problem
    case .found(let catalogue):
      let damages = catalogue.index.damages()
      return damages.isEmpty ? nil : damages.map { "\($0.section): \($0.detail)" }.joinedDirectly(separator: "; ")
    case .missing: return nil
    }
  }

  struct Legacy: Sendable {
    var path: String
    var heroes: [Hero]
    var skipped: [String]
    var storedAt: Date
  }

  var path: String
  var stored: Stored
  var legacy: Legacy?
}

/// What a catalogue write, or a read answered in memory, starts from, decided without touching a file.
struct CataloguePlan {
  let builder: CatalogueBuilder
  var updatedAt: Date?
  /// The previous release's file is removed once the new file is in place.
  var migratedLegacy = false
  /// A write writes a damaged file whole again even when the change brings nothing.
  var damaged = false
  var aside: Aside?
  var notice: String?

  struct Aside: Equatable {
    let because: String
    let keeping: String
  }

  /// A read (not `writing`) sets nothing aside.
  static func start(from snapshot: CatalogueSnapshot, writing: Bool, spoolFolder: String? = nil) -> CataloguePlan {
    var plan: CataloguePlan
    switch snapshot.stored {
    case .found(let catalogue):
      plan = CataloguePlan(builder: CatalogueBuilder(base: catalogue.index, spoolFolder: spoolFolder))
      plan.updatedAt = catalogue.updatedAt
      let dropped = plan.builder.droppedRecords
      plan.damaged = writing && (dropped > 0 || !catalogue.index.damages().isEmpty)
      if dropped > 0, writing {
        let records = dropped == 1 ? "1 record that fails its check" : "\(dropped) records that fail their check"
        plan.aside = Aside(
          because: "holding \(records)",
          keeping: "the new catalogue keeps its other \(Plural.heroes(plan.builder.count))")
      }
      if catalogue.bundledFingerprint != BundledCatalogue.fingerprint {
        BundledCatalogue.index.eachHero { hero, _ in plan.builder.merge(hero, origin: .bundled) }
      }
    case .damaged(let problem, let bytes):
      plan = CataloguePlan(
        builder: bytes.map { CatalogueBuilder(salvaging: $0, spoolFolder: spoolFolder) } ?? CatalogueBuilder(base: nil))
      plan.damaged = writing
      // A file cut short keeps a header that reads, and with it the date of its last change.
      plan.updatedAt = bytes?.withBytes { CatalogueHeader.cutShort($0) }?.updatedAt
      if writing {
        plan.aside = Aside(
          because: "damaged (\(problem))",
          keeping: "the new catalogue keeps the \(Plural.heroes(plan.builder.count)) that read intact")
      }
    case .missing:
      plan = CataloguePlan(builder: CatalogueBuilder(base: BundledCatalogue.index, spoolFolder: spoolFolder))
    }
    plan.builder.restoreBundled()
    if let legacy = snapshot.legacy { plan.migrate(legacy, into: snapshot.path) }
    return plan
  }

  static func reset(from snapshot: CatalogueSnapshot) -> CataloguePlan {
    var plan = CataloguePlan(builder: CatalogueBuilder(base: BundledCatalogue.index))
    if let problem = snapshot.damage {
      plan.aside = Aside(because: "damaged (\(problem))", keeping: "the bundled set answers alone")
    }
    return plan
  }

  private mutating func migrate(_ legacy: CatalogueSnapshot.Legacy, into path: String) {
    for hero in legacy.heroes { builder.merge(hero, origin: .api) }
    let kept =
      legacy.skipped.first.map {
        "\(Plural.heroes(legacy.heroes.count)) of \(legacy.path) were kept and \(legacy.skipped.count) left out "
          + "because squad cannot keep them (\($0))"
      } ?? "all \(Plural.heroes(legacy.heroes.count)) of \(legacy.path) were kept"
    notice = "The local catalogue moved to \(path) in a new indexed format; \(kept)."
    updatedAt = max(updatedAt ?? legacy.storedAt, legacy.storedAt)
    migratedLegacy = true
  }
}
