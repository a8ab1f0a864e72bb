// Darwin only: two libc calls that do less there, replaced for all of SquadCore by functions of
// the same name and signature (a module's own declaration shadows an imported one), so no call
// site changes and Linux is untouched (docs/DECISIONS.md, issue 28).
#if canImport(Darwin)
  import Darwin

  /// Darwin's fsync(2) leaves the data in the drive's cache; `F_FULLFSYNC` makes the drive write
  /// it (as SQLite asks), and a file system that refuses that gets the plain fsync.
  func fsync(_ descriptor: Int32) -> Int32 { fcntl(descriptor, F_FULLFSYNC) != -1 ? 0 : Darwin.fsync(descriptor) }

  /// Darwin's poll(2) reports POLLNVAL for terminal devices (the picker's keys); select(2) serves
  /// every kind of descriptor below FD_SETSIZE (1024). squad asks only for POLLIN and POLLOUT.
  func poll(_ descriptors: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    let all = UnsafeMutableBufferPointer(start: descriptors, count: Int(count))
    guard let highest = all.map(\.fd).max(), highest < 1024 else {
      return Darwin.poll(descriptors, count, milliseconds)
    }
    var reading = fd_set()
    var writing = fd_set()
    for entry in all {
      if entry.events & Int16(POLLIN) != 0 { _ = bit(&reading, entry.fd, set: true) }
      if entry.events & Int16(POLLOUT) != 0 { _ = bit(&writing, entry.fd, set: true) }
    }
    var limit = timeval(tv_sec: Int(milliseconds / 1000), tv_usec: (milliseconds % 1000) * 1000)
    let ready = withUnsafeMutablePointer(to: &limit) {
      select(highest + 1, &reading, &writing, nil, milliseconds < 0 ? nil : $0)
    }
    guard ready > 0 else { return ready }
    for index in all.indices {
      let readable = bit(&reading, all[index].fd) ? Int16(POLLIN) : 0
      all[index].revents = readable | (bit(&writing, all[index].fd) ? Int16(POLLOUT) : 0)
    }
    return Int32(all.filter { $0.revents != 0 }.count)
  }

  // FD_SET and FD_ISSET are C macros Swift cannot see: an fd_set is 32-bit words, a bit per descriptor.
  private func bit(_ group: inout fd_set, _ descriptor: Int32, set: Bool = false) -> Bool {
    withUnsafeMutableBytes(of: &group) { bytes in
      let words = bytes.bindMemory(to: Int32.self)
      if set { words[Int(descriptor / 32)] |= 1 << (descriptor % 32) }
      return words[Int(descriptor / 32)] & (1 << (descriptor % 32)) != 0
    }
  }
#endif
