/// Lets at most `limit` requests be on the wire at once, first come first served.
actor RequestLimiter {
  let limit: Int
  private var out = 0
  private(set) var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { self.limit = max(1, limit) }

  func enter() async {
    if out < limit {
      out += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Hands the place to the longest waiting request, or frees it.
  func leave() {
    if waiting.isEmpty {
      out -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
