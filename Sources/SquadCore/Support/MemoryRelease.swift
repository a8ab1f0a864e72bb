#if canImport(Glibc)
  import Glibc
#endif

enum MemoryRelease {
  /// Asks glibc's allocator to return freed heap memory (`malloc_trim`, looked up at run time as
  /// Swift's Glibc module does not export it; a no-op elsewhere), so the phase after one that
  /// freed a lot across threads (a sync's pages) starts from what is really in use.
  static func returnFreedMemory() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
