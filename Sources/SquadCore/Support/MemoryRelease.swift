#if canImport(Glibc)
  import Glibc
#endif

/// Handing memory the program has freed back to the system.
enum MemoryRelease {
  /// Asks glibc's allocator to return freed heap memory (`malloc_trim`, looked up at run time as
  /// Swift's Glibc module does not export it; a no-op elsewhere). After a phase that allocated
  /// and freed a lot across threads (a sync's pages), the next phase then starts from what is
  /// really in use.
  static func returnFreedMemory() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
