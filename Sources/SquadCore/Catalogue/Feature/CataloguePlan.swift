import Foundation

/// The catalogue as one command finds it (under the lock, when it writes): the stored file as it
/// reads and the previous release's file. All a ``CataloguePlan`` decides from.
struct CatalogueSnapshot: Sendable {
  enum Stored: Sendable {
    case missing
    case found(LocalCatalogue)
    /// A header that does not read: the bytes are there to salvage from, when they could be read.
    case damaged(String, SharedBytes?)
  }

  /// What is damaged in the stored file, as one line; nil when it is whole or missing. Damage
  /// anywhere counts (a header, records, an index): a file that holds it is kept aside, never
  /// dropped, since its intact records may be found nowhere else.
  var damage: String? {
    switch stored {
    case .damaged(let problem, _): return problem
    case .found(let catalogue):
      let damages = catalogue.index.damages()
      return damages.isEmpty ? nil : damages.map { "\($0.section): \($0.detail)" }.joinedDirectly(separator: "; ")
    case .missing: return nil
    }
  }

  /// The previous release's `cache/catalogue.json`, read.
  struct Legacy: Sendable {
    var path: String
    var heroes: [Hero]
    /// Why each record squad could not keep was left out.
    var skipped: [String]
    /// The file's `updatedAt`, or else when it was last written.
    var storedAt: Date
  }

  var path: String
  var stored: Stored
  var legacy: Legacy?
}

/// What a catalogue write, or a read answered in memory, starts from, decided from a
/// ``CatalogueSnapshot`` without touching a file: every intact record carried forward, lost
/// bundled heroes put back, a new bundled set merged in, the previous release's heroes taken in,
/// and what the write must say.
struct CataloguePlan {
  let builder: CatalogueBuilder
  /// When heroes were last stored, before the change.
  var updatedAt: Date?
  /// The previous release's file was taken in: it is removed once the new file is in place.
  var migratedLegacy = false
  /// The stored file is damaged: a write writes it whole again even when the change brings nothing.
  var damaged = false
  var aside: Aside?
  /// What the migration of the previous release's file says.
  var notice: String?

  /// Why a damaged file is kept aside when the write replaces it, and what the new one keeps.
  struct Aside: Equatable {
    let because: String
    let keeping: String
  }

  /// The plan of a write (`writing`), or of a read that answers in memory, which sets nothing aside.
  static func start(from snapshot: CatalogueSnapshot, writing: Bool, spoolFolder: String? = nil) -> CataloguePlan {
    var plan: CataloguePlan
    switch snapshot.stored {
    case .found(let catalogue):
      // Only what holds its check is copied forward (``CatalogueBuilder``); the indexes are made anew.
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
    // A bundled hero whose record was lost comes back as bundled.
    plan.builder.restoreBundled()
    if let legacy = snapshot.legacy { plan.migrate(legacy, into: snapshot.path) }
    return plan
  }

  /// What a reset writes: the bundled set alone, the stored file moved aside when it is damaged.
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
