import Foundation
import Testing

@testable import SquadCore

/// The decisions of locked changes, made on a snapshot alone: no files, no locks.
@Suite struct SquadPlanTests {
  let hulk = Sample.member(Sample.hulk)
  var withHulk: Squad { Squad(members: [hulk]) }

  // The one recorded change that took the empty squad to `withHulk`.
  var recruitedHulk: HistoryEntry {
    HistoryEntry(
      sequence: 1, at: Sample.moment, command: "recruit", kind: .change, before: SquadDigest.of(Squad()),
      after: SquadDigest.of(withHulk), diff: SquadDiff.between([], [hulk]))
  }

  @Test func recruitingAMemberAgainPlansNothingAndSaysSo() throws {
    let (edit, result) = try SquadFeature.plan(
      .recruit(at: Sample.moment), heroes: [Sample.hulk, Sample.thor], in: .of(.success(withHulk)))
    let joined = Squad(members: [hulk, Sample.member(Sample.thor)])
    #expect(edit == SquadEdit(squad: joined))
    #expect(result.change.alreadyMembers == [Sample.hulk] && result.change.added == [Sample.member(Sample.thor)])
    let (again, same) = try SquadFeature.plan(
      .recruit(at: Sample.moment), heroes: [Sample.hulk], in: .of(.success(withHulk)))
    #expect(again == nil, "nothing to write")
    #expect(same == SquadUpdateResult(squad: withHulk, change: SquadChange(alreadyMembers: [Sample.hulk])))
  }

  @Test func firingANonMemberPlansNothing() throws {
    let (edit, result) = try SquadFeature.plan(
      .fire(askFirst: false), heroes: [Sample.thor], in: .of(.success(withHulk)))
    #expect(edit == nil)
    #expect(result.change == SquadChange(notMembers: [Sample.thor]))
  }

  @Test func aPickIntoASquadReplacedSinceItWasReadIsRefused() throws {
    let snapshot = SquadSnapshot.of(.success(withHulk), name: try SquadName.parse("six").get(), identity: [1, 2])
    #expect(throws: SquadError.squadGone(squad: "six")) {
      try SquadFeature.plan(
        .pick(at: Sample.moment, firing: []), heroes: [Sample.thor], identity: [1, 3], in: snapshot)
    }
  }

  @Test func aChangePastTheLimitIsRefusedAndAChangeToTheSameSquadRecordsNothing() throws {
    var limited = withHulk
    limited.maxMembers = 1
    let snapshot = SquadSnapshot.of(.success(limited), name: try SquadName.parse("six").get())
    let (edit, _) = try SquadFeature.plan(.recruit(at: Sample.moment), heroes: [Sample.thor], in: snapshot)
    let over = try #require(edit)
    #expect(throws: SquadError.overLimit(limit: 1, members: 2, squad: "six", fireFirst: 1)) {
      try snapshot.record(over, command: "recruit", at: Sample.moment)
    }
    #expect(try snapshot.record(SquadEdit(squad: withHulk), command: "import", at: Sample.moment) == nil)
  }

  @Test func theOverLimitAdviceIsOnlyWhatCanWork() throws {
    let six = try SquadName.parse("six").get()
    let at = Sample.moment
    func refusal(_ command: SquadCommand, _ heroes: [Hero], in before: Squad) -> SquadError? {
      do {
        let snapshot = SquadSnapshot.of(.success(before), name: six)
        guard let edit = try SquadFeature.plan(command, heroes: heroes, in: snapshot).0 else { return nil }
        _ = try snapshot.record(edit, command: command.name, at: at)
        return nil
      } catch { return error }
    }
    func over(_ members: Int, fireFirst: Int?) -> SquadError {
      .overLimit(limit: 1, members: members, squad: "six", fireFirst: fireFirst)
    }
    var empty = Squad()
    empty.maxMembers = 1
    var full = Squad(members: [hulk])
    full.maxMembers = 1
    // Nobody to fire: only the limit helps.
    #expect(refusal(.recruit(at: at), [Sample.hulk, Sample.thor], in: empty) == over(2, fireFirst: nil))
    #expect(refusal(.recruit(at: at), [Sample.thor], in: full) == over(2, fireFirst: 1))
    // Whom firing would make room by is on the line: recruited back, they take the room again.
    #expect(refusal(.recruit(at: at), [Sample.hulk, Sample.thor], in: full) == over(2, fireFirst: nil))
    // A pick that already fires the only member.
    let pick = SquadCommand.pick(at: at, firing: [Sample.hulk.id])
    #expect(refusal(pick, [Sample.hulk, Sample.thor, Sample.spiderMan], in: full) == over(2, fireFirst: nil))
    // An import (with or without --replace) names nobody to fire: it may bring back whom was fired.
    let imported = SquadEdit(squad: Squad(members: [hulk, Sample.member(Sample.thor)]))
    #expect(throws: over(2, fireFirst: nil)) {
      try SquadSnapshot.of(.success(full), name: six).record(imported, command: "import", at: at)
    }
    let message = SquadError.overLimit(limit: 1, members: 100_001, squad: "six", fireFirst: nil).description
    #expect(
      message.hasSuffix("Nothing changed; raise the limit (squad squads edit six --no-max)."), "above the largest limit"
    )
  }

  @Test func aRecordedChangeFollowsTheLastEntry() throws {
    let snapshot = SquadSnapshot.of(.success(withHulk), history: .success([recruitedHulk]))
    let recorded = try #require(
      try snapshot.record(SquadEdit(squad: Squad()), command: "fire", at: Sample.moment))
    let entry = try recorded.entry.get()
    #expect((entry.sequence, entry.before, entry.after) == (2, recruitedHulk.after, SquadDigest.of(Squad())))
    #expect(entry.summary == "fired Hulk")
  }

  @Test func undoStepsBackOverTheLastChangeAndRedoHasNothingToDo() throws {
    let snapshot = SquadSnapshot.of(.success(withHulk), history: .success([recruitedHulk]))
    let (undo, _) = try HistoryFeature.plan(.undo, count: 1, in: snapshot)
    #expect(undo == SquadEdit(squad: Squad(), kind: .undo, steps: 1, detail: "\(recruitedHulk.sequence)"))
    let (redo, _) = try HistoryFeature.plan(.redo, count: 1, in: snapshot)
    #expect(redo == nil, "nothing was undone")
    let (nothing, _) = try HistoryFeature.plan(.undo, count: 1, in: .of(.success(withHulk)))
    #expect(nothing == nil, "nothing was recorded")
  }

  @Test func undoSaysItStoppedAtAChangeOfTheSizeLimitAndOnlyThere() throws {
    var limited = withHulk
    limited.maxMembers = 5
    let limitChange = HistoryEntry(
      sequence: 2, at: Sample.moment, command: "squads edit", kind: .limit, before: recruitedHulk.after,
      after: SquadDigest.of(limited), diff: SquadDiff(removed: [], added: []))
    let afterLimit = SquadSnapshot.of(.success(limited), history: .success([recruitedHulk, limitChange]))
    let (undo, stopped) = try HistoryFeature.plan(.undo, count: 1, in: afterLimit)
    #expect(undo == nil, "undo never crosses a change of the size limit")
    #expect(stopped)
    #expect(try HistoryFeature.plan(.redo, count: 1, in: afterLimit).1 == false)
    #expect(try HistoryFeature.plan(.undo, count: 1, in: .of(.success(withHulk))).1 == false)
    // Nothing was left to undo when the limit changed: the limit change is not what stops undo.
    let undone = HistoryEntry(
      sequence: 2, at: Sample.moment, command: "undo", kind: .undo, before: recruitedHulk.after,
      after: SquadDigest.of(Squad()), diff: recruitedHulk.diff.inverse)
    var emptyLimited = Squad()
    emptyLimited.maxMembers = 5
    let limitOnEmpty = HistoryEntry(
      sequence: 3, at: Sample.moment, command: "squads edit", kind: .limit, before: undone.after,
      after: SquadDigest.of(emptyLimited), diff: SquadDiff(removed: [], added: []))
    let history = [recruitedHulk, undone, limitOnEmpty]
    #expect(
      try HistoryFeature.plan(.undo, count: 1, in: .of(.success(emptyLimited), history: .success(history))).1 == false)
    // A second limit change keeps what the first one cut off.
    let again = HistoryEntry(
      sequence: 3, at: Sample.moment, command: "squads edit", kind: .limit, before: limitChange.after,
      after: SquadDigest.of(withHulk), diff: SquadDiff(removed: [], added: []))
    let twice = SquadSnapshot.of(.success(withHulk), history: .success([recruitedHulk, limitChange, again]))
    #expect(try HistoryFeature.plan(.undo, count: 1, in: twice).1)
  }

  @Test func undoRefusesAFileEditedOutsideSquad() {
    let edited = SquadSnapshot.of(.success(withHulk), history: .success([recruitedHulk]), digest: "edited")
    #expect(throws: SquadError.changedOutside(path: "squad.json")) {
      try HistoryFeature.plan(.undo, count: 1, in: edited)
    }
  }

  @Test func aLimitBelowTheMembersIsRefusedAndTheSameLimitChangesNothing() throws {
    let six = try SquadName.parse("six").get()
    #expect(throws: SquadError.belowMembers(six, limit: 0, members: 1)) {
      try SquadsFeature.plan(limit: 0, for: six, in: .of(.success(withHulk)))
    }
    let (same, changed) = try SquadsFeature.plan(limit: nil, for: six, in: .of(.success(withHulk)))
    #expect(same == nil && !changed)
  }
}
