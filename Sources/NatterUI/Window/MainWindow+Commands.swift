import Foundation
import GtkKit
import NatterCore

/// Slash commands typed in the composer (SPEC §10): `CommandPlan` decides, this performs.
extension MainWindow {
  /// Runs `command`, typed as `typed` (its chips and id are kept for a message it sends).
  /// Returns whether the composer may clear: false keeps the draft (a notice says why).
  ///
  /// A command that switches or leaves the open conversation does so after the composer has
  /// cleared: the command's text must not be saved as that conversation's draft, and the next
  /// one's restored draft must not be cleared in its place.
  func run(_ command: SlashCommand, typed: Message) -> Bool {
    let active = conversations.activeID
    let kind = conversations.active?.kind ?? .notes
    let plan = CommandPlan.plan(
      command, in: irc == nil ? .notes : kind, target: target(of: active),
      topic: roster.topic(of: active))
    for step in plan {
      switch step {
      case .notice(let sentence):
        composer.showNotice(sentence)
        return false
      case .show(let text):
        composer.showNotice(text, isProblem: false, seconds: 15)
      case .send(let target, let text, let isAction):
        guard let irc else { return false }
        var message = typed
        message.body = text
        message.kind = isAction ? .action : .message
        let conversation = irc.conversation(for: target)
        keepOpen(conversation)
        guard deliver(message, to: conversation) else { return false }
      case .join(let channel, let key):
        guard let irc else { return false }
        let conversation = irc.conversation(for: channel)
        if conversations.contains(conversation) {
          MainLoop.idle { [weak self] in self?.open(conversation) }
        } else {
          switching.willJoin(conversation)
        }
        irc.join(channel, key: key)
      case .part(_, let reason):
        MainLoop.idle { [weak self] in self?.leave(active, reason: reason) }
      case .close:
        MainLoop.idle { [weak self] in self?.leave(active) }
      case .query(let nick):
        guard let irc else { return false }
        let conversation = irc.conversation(for: nick)
        keepOpen(conversation)
        // After the composer cleared: the new conversation's draft replaces the empty text.
        MainLoop.idle { [weak self] in self?.open(conversation) }
      case .raw(let line):
        irc?.write(line)
      }
    }
    // The command ran: it must not come back as the draft after a restart or a kill.
    session.saveDraft(Draft(), for: active)
    return true
  }
}
