import CGtk
import GtkKit
import NatterCore

/// Desktop notifications (GNotification) for mentions and private messages.
@MainActor
enum Notifier {
  /// Shows one notification per conversation (a newer one replaces it); activating it
  /// presents the window at that conversation.
  static func send(
    _ message: Message, isPrivate: Bool, network: String?,
    application: UnsafeMutablePointer<GtkApplication>
  ) {
    let title = MessageDisplay.notificationTitle(
      of: message, isPrivate: isPrivate, network: network)
    guard let made = g_notification_new(title) else { return }
    let owned = Object(adopting: raw(made))
    let notification = owned.opaque
    // Plain text: GNotification bodies are not markup on every server, and never ours.
    g_notification_set_body(notification, MessageDisplay.body(of: message))
    g_notification_set_default_action_and_target_value(
      notification, "app.present-conversation", g_variant_new_string(message.conversation))
    withExtendedLifetime(owned) {
      g_application_send_notification(cast(application), message.conversation, notification)
    }
  }
}
