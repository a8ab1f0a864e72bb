/// The one paging rule for every listing followed to its end (`sync`, `heroes --all`): go on only
/// after a full page at the offset asked for.
enum ListingPaging: Equatable, Sendable {
  /// A full page: the listing goes on at this offset.
  case next(Int)
  /// The listing reached `total`.
  case complete
  /// The server stopped sending before `total`: what it sent is all there is.
  case short

  static func after(requested: Int, limit: Int, offset: Int, count: Int, total: Int) -> ListingPaging {
    let (end, overflow) = requested.addingReportingOverflow(count)
    if overflow || end >= total { return count > 0 || requested >= total ? .complete : .short }
    guard count > 0, count >= limit, offset == requested else { return .short }
    return .next(end)
  }

  var endsListing: Bool {
    if case .next = self { return false }
    return true
  }
}

/// Heroes an API listing promised and did not send, as a warning for stderr.
enum ShortListing {
  static func warning(promised: Int, received: Int) -> String? {
    guard received < promised else { return nil }
    return "The Marvel API promised \(Grouped.format(promised)) heroes but sent \(Grouped.format(received)) "
      + "before its paging broke off (pages empty, short, repeated or longer than asked for); the listing is "
      + "incomplete."
  }
}
