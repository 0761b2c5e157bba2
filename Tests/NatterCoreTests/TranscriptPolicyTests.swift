import Testing

@testable import NatterCore

@Suite struct TranscriptPolicyTests {
  private func metrics(_ value: Double, page: Double = 100, upper: Double) -> ScrollMetrics {
    ScrollMetrics(value: value, pageSize: page, upper: upper)
  }

  @Test func atBottomWithinTheThreshold() {
    #expect(TranscriptPolicy.isAtBottom(value: 900, pageSize: 100, upper: 1000, threshold: 0))
    #expect(TranscriptPolicy.isAtBottom(value: 896, pageSize: 100, upper: 1000, threshold: 4))
    #expect(!TranscriptPolicy.isAtBottom(value: 895, pageSize: 100, upper: 1000, threshold: 4))
    #expect(TranscriptPolicy.isAtBottom(value: 0, pageSize: 100, upper: 50, threshold: 0))
  }

  @Test func opensScrolledToTheNewest() {
    var policy = TranscriptPolicy()
    #expect(policy.metricsChanged(metrics(0, upper: 1000)) == .scrollToBottom)
    #expect(policy.isSticky)
  }

  @Test func contentGrowthKeepsAStickyViewAtTheBottom() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    #expect(policy.messagesAppended(count: 1) == .scrollToBottom)
    #expect(policy.metricsChanged(metrics(900, upper: 1040)) == .scrollToBottom)
    #expect(policy.isSticky)
    #expect(policy.metricsChanged(metrics(940, upper: 1040)) == .none)
    #expect(policy.isSticky)
    // The composer grew: the page shrank.
    #expect(policy.metricsChanged(metrics(940, page: 80, upper: 1040)) == .scrollToBottom)
    #expect(policy.unreadCount == 0)
    #expect(!policy.showsJumpButton)
  }

  @Test func scrollingUpUnsticksAndNothingMoves() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    #expect(policy.metricsChanged(metrics(500, upper: 1000)) == .none)
    #expect(!policy.isSticky)
    #expect(policy.showsJumpButton)
    #expect(policy.messagesAppended(count: 2) == .none)
    #expect(policy.metricsChanged(metrics(500, upper: 1080)) == .none)
    #expect(policy.unreadCount == 2)
    #expect(policy.unreadBadge == "2")
  }

  @Test func scrollingBackDownSticksAndClearsUnread() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    _ = policy.metricsChanged(metrics(100, upper: 1000))
    _ = policy.messagesAppended(count: 3)
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    #expect(policy.isSticky)
    #expect(policy.unreadCount == 0)
    #expect(policy.unreadBadge == nil)
  }

  @Test func jumpToLatestSticksAndScrolls() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    _ = policy.metricsChanged(metrics(0, upper: 1000))
    _ = policy.messagesAppended(count: 1200)
    #expect(policy.unreadBadge == "999+")
    #expect(policy.jumpToLatest() == .scrollToBottom)
    #expect(policy.isSticky && policy.unreadCount == 0 && !policy.showsJumpButton)
  }

  @Test func ownMessageBringsTheViewBack() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    _ = policy.metricsChanged(metrics(0, upper: 1000))
    #expect(policy.messagesAppended(count: 1, includesOwn: true) == .scrollToBottom)
    #expect(policy.isSticky)
  }

  @Test func contentShrinkingToFitSticksAgain() {
    var policy = TranscriptPolicy()
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    _ = policy.metricsChanged(metrics(0, upper: 1000))
    #expect(policy.metricsChanged(metrics(0, upper: 60)) == .none)
    #expect(policy.isSticky)
  }

  @Test func customThresholdApplies() {
    var policy = TranscriptPolicy(threshold: 50)
    _ = policy.metricsChanged(metrics(900, upper: 1000))
    _ = policy.metricsChanged(metrics(860, upper: 1000))
    #expect(policy.isSticky)
    #expect(policy.isAtBottom(metrics(850, upper: 1000)))
  }
}
