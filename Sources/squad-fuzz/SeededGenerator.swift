/// SplitMix64: a tiny, fast generator whose whole future is fixed by its seed, so every fuzz
/// input can be rebuilt from the run's seed and the iteration number alone.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// The generator for one iteration of a run.
  init(seed: UInt64, iteration: Int) {
    state = seed ^ (UInt64(truncatingIfNeeded: iteration) &* 0xD1B5_4A32_D192_ED03)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with the given probability.
  mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

  /// A random index below `count` (which must be positive).
  mutating func below(_ count: Int) -> Int { Int.random(in: 0..<count, using: &self) }
}
