import Foundation
import GtkKit
import NatterCore
import NatterSession

/// Slash commands typed in the composer (SPEC §10): `CommandPlan` and the conversations
/// controller decide, this performs.
extension MainWindow {
  /// Runs `command`, typed as `typed` (its chips and id are kept for a message it sends).
  /// Returns whether the composer may clear: false keeps the draft (a notice says why).
  func run(_ command: SlashCommand, typed: Message) -> Bool {
    let active = conversations.activeID
    let kind = conversations.active?.kind ?? .notes
    let plan = CommandPlan.plan(
      command, in: irc == nil ? .notes : kind, target: target(of: active),
      topic: roster.topic(of: active))
    let steps = switching.run(plan) { [unowned self] in irc?.conversation(for: $0) ?? $0 }
    for step in steps {
      switch step {
      case .notice(let sentence):
        composer.showNotice(sentence)
        return false
      case .deliver(let conversation, let text, let isAction):
        var message = typed
        message.body = text
        message.kind = isAction ? .action : .message
        guard deliver(message, to: conversation) else { return false }
      default:
        perform([step])
      }
    }
    return true
  }
}
