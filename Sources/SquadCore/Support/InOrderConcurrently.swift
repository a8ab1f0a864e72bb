/// Keeps up to `limit` pieces of work in flight (started and not yet handed over) and hands their
/// results over in the items' order, for `sync` and `heroes --all`. `consume` returns false to stop:
/// the work in flight is cancelled and its results dropped unseen, so a cancelled page is never
/// mistaken for an answer (or for an outage).
enum InOrderConcurrently {
  static func run<Items: Sequence, Output: Sendable>(
    _ items: Items, limit: Int, work: @escaping @Sendable (Items.Element) async -> Output,
    consume: (Items.Element, Output) async -> Bool
  ) async where Items.Element: Sendable {
    await withTaskGroup(of: (Int, Output).self) { group in
      var pending = items.makeIterator()
      var started: [Items.Element] = []
      var arrived: [Int: Output] = [:]
      var delivered = 0
      func startNext() -> Bool {
        guard let item = pending.next() else { return false }
        let index = started.count
        started.append(item)
        group.addTask { (index, await work(item)) }
        return true
      }
      while started.count - delivered < max(1, limit), startNext() {}
      while let (index, output) = await group.next() {
        arrived[index] = output
        while let next = arrived.removeValue(forKey: delivered) {
          let item = started[delivered]
          delivered += 1
          guard await consume(item, next) else {
            group.cancelAll()
            return
          }
        }
        while started.count - delivered < max(1, limit), startNext() {}
      }
    }
  }
}
