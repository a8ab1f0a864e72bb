extension PickFeature {
  /// The squad as another process left it: marks that became no-ops (a recruit of someone now in
  /// the squad, a fire of someone gone) are dropped, and the status line says what happened.
  static func refresh(_ state: inout State, _ result: Result<PickSquad, PersistenceError>) {
    switch result {
    case .success(let squad):
      state.members = squad.squad.memberIDs
      state.maxMembers = squad.squad.maxMembers
      let before = state.pending.count
      state.pending.removeAll { ($0.kind == .recruit) == state.members.contains($0.hero.id) }
      let dropped = before - state.pending.count
      if let identity = state.squadIdentity, squad.identity != identity {
        state.notice =
          squad.identity == nil
          ? "Squad deleted elsewhere; Enter will not recreate it."
          : "Squad replaced elsewhere; Enter will not save into the new one."
      } else if dropped > 0 {
        state.notice = "Squad changed elsewhere; \(Plural.count(dropped, "mark")) dropped (done)."
      } else {
        state.notice = "Squad changed elsewhere; marks refreshed."
      }
      // Nothing left to discard: asking would make no sense.
      if state.mode == .confirmingDiscard, state.pending.isEmpty { state.mode = .browsing }
    case .failure:
      state.notice = "Squad file unreadable now; Enter would fail."
    }
  }
}
