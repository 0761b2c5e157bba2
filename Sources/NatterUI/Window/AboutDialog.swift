import CGtk
import GtkKit
import NatterCore

/// `About Natter`, from the main menu.
@MainActor
enum AboutDialog {
  static func present(over window: UnsafeMutablePointer<GtkWindow>) {
    let about = gtk_about_dialog_new()
    let dialog = OpaquePointer(about)
    gtk_about_dialog_set_program_name(dialog, AppInfo.name)
    gtk_about_dialog_set_version(dialog, AppInfo.version)
    gtk_about_dialog_set_comments(dialog, localized("A keyboard-first chat window"))
    gtk_about_dialog_set_logo_icon_name(dialog, AppInfo.id)
    gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
    gtk_about_dialog_set_website(dialog, AppInfo.website)
    gtk_window_set_transient_for(cast(about), window)
    gtk_window_set_modal(cast(about), 1)
    if let dialog: UnsafeMutablePointer<GtkWindow> = cast(about) {
      Widget.giveApplicationKeys(to: dialog, over: window)
    }
    gtk_window_present(cast(about))
  }
}
