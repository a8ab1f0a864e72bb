#if canImport(Glibc)
  import Glibc

  /// poll(2): every descriptor squad waits on (docs/DECISIONS.md, issue 28).
  func pollDescriptors(_ descriptors: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(descriptors, count, milliseconds)
  }
#elseif canImport(Darwin)
  import Darwin

  /// Darwin's poll(2) reports POLLNVAL for terminal devices (the picker's keys); select(2) serves
  /// every kind of descriptor below FD_SETSIZE (1024). squad asks only for POLLIN and POLLOUT.
  func pollDescriptors(_ descriptors: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
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
