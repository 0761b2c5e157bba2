import CGtk
import GtkKit

/// The one Natter window: header bar with the primary menu, transcript above, composer below.
@MainActor
final class MainWindow: Widget {
  let transcript: TranscriptView
  let composer: ComposerView
  private var actions: [Action] = []

  init(application: UnsafeMutablePointer<GtkApplication>) {
    transcript = TranscriptView()
    composer = ComposerView()
    super.init(gtk_application_window_new(application))
    gtk_window_set_title(window, AppInfo.name)
    gtk_window_set_default_size(window, 720, 640)
    gtk_widget_set_size_request(widget, 360, 300)
    gtk_window_set_titlebar(window, Self.makeHeaderBar())

    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_box_append(cast(content), transcript.widget)
    gtk_box_append(cast(content), composer.widget)
    gtk_window_set_child(window, content)

    actions = [Action("close", in: pointer) { [unowned self] in close() }]
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  func present() {
    gtk_window_present(window)
    composer.focusText()
  }

  func close() { gtk_window_close(window) }

  func showAbout() {
    let about = gtk_about_dialog_new()
    let dialog = OpaquePointer(about)
    gtk_about_dialog_set_program_name(dialog, AppInfo.name)
    gtk_about_dialog_set_version(dialog, AppInfo.version)
    gtk_about_dialog_set_comments(dialog, "A keyboard-first chat window")
    gtk_about_dialog_set_logo_icon_name(dialog, AppInfo.id)
    gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
    gtk_about_dialog_set_website(dialog, AppInfo.website)
    gtk_window_set_transient_for(cast(about), window)
    gtk_window_set_modal(cast(about), 1)
    gtk_window_present(cast(about))
  }

  private static func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
    let header = gtk_header_bar_new()
    let menu = g_menu_new()
    g_menu_append(menu, "About Natter", "app.about")
    g_menu_append(menu, "Quit", "app.quit")
    let button = gtk_menu_button_new()
    gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(OpaquePointer(button), cast(menu))
    gtk_menu_button_set_primary(OpaquePointer(button), 1)
    gtk_widget_set_tooltip_text(button, "Main Menu")
    if let button { Accessible.setLabel(button, "Main Menu") }
    g_object_unref(raw(menu!))
    gtk_header_bar_pack_end(OpaquePointer(header), button)
    return header!
  }
}
