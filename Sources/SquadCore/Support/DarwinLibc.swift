// Darwin only: two libc calls that do less there than on Linux, replaced for all of SquadCore by
// functions of the same name and signature (a module's own declaration shadows an imported one),
// so every call site stays as it is and Linux is untouched (docs/DECISIONS.md, issue 28).
#if canImport(Darwin)
  import Darwin

  /// Darwin's fsync(2) hands the data to the drive but does not make the drive write its cache,
  /// so a power cut can still lose a save; `F_FULLFSYNC` does (as SQLite asks). A file system
  /// that refuses it (some network and FAT volumes) gets the plain fsync.
  func fsync(_ descriptor: Int32) -> Int32 {
    fcntl(descriptor, F_FULLFSYNC) != -1 ? 0 : Darwin.fsync(descriptor)
  }

  /// poll(2) on a terminal device (the picker's keys, `/dev/tty`) reports POLLNVAL on Darwin;
  /// select(2) serves every kind of descriptor. Only POLLIN and POLLOUT are asked for in squad.
  func poll(_ descriptors: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    let all = UnsafeMutableBufferPointer(start: descriptors, count: Int(count))
    // 1024 is Darwin's FD_SETSIZE; squad's descriptors are far below it.
    guard let highest = all.map(\.fd).max(), highest < 1024 else {
      return Darwin.poll(descriptors, count, milliseconds)
    }
    var reading = fd_set()
    var writing = fd_set()
    for index in all.indices {
      all[index].revents = 0
      if all[index].events & Int16(POLLIN) != 0 { mark(&reading, all[index].fd) }
      if all[index].events & Int16(POLLOUT) != 0 { mark(&writing, all[index].fd) }
    }
    var limit = timeval(tv_sec: Int(milliseconds / 1000), tv_usec: (milliseconds % 1000) * 1000)
    let ready =
      milliseconds < 0
      ? select(highest + 1, &reading, &writing, nil, nil) : select(highest + 1, &reading, &writing, nil, &limit)
    guard ready > 0 else { return ready }
    var counted: Int32 = 0
    for index in all.indices {
      if isMarked(&reading, all[index].fd) { all[index].revents |= Int16(POLLIN) }
      if isMarked(&writing, all[index].fd) { all[index].revents |= Int16(POLLOUT) }
      if all[index].revents != 0 { counted += 1 }
    }
    return counted
  }

  // FD_SET and FD_ISSET are C macros, unseen by Swift: an fd_set is an array of 32-bit words.
  private func mark(_ set: inout fd_set, _ descriptor: Int32) {
    withUnsafeMutableBytes(of: &set) { $0.bindMemory(to: Int32.self)[Int(descriptor / 32)] |= 1 << (descriptor % 32) }
  }

  private func isMarked(_ set: inout fd_set, _ descriptor: Int32) -> Bool {
    withUnsafeMutableBytes(of: &set) {
      $0.bindMemory(to: Int32.self)[Int(descriptor / 32)] & (1 << (descriptor % 32)) != 0
    }
  }
#endif
