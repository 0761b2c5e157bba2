#ifndef NATTER_CGTK_SHIM_H
#define NATTER_CGTK_SHIM_H

#include <gtk/gtk.h>
// g_unix_signal_add: SIGTERM and SIGINT handled on the main loop.
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>

// Four functions of GDK's X11 backend (<gdk/x11/gdkx.h>), declared as GTK declares them: that
// header brings Xlib's names (Window, Display, Screen, Status...) into every Swift file that
// imports CGtk.
struct _GdkX11Screen;
GType gdk_x11_surface_get_type(void);
void gdk_x11_surface_set_frame_sync_enabled(GdkSurface *surface, gboolean frame_sync_enabled);
struct _GdkX11Screen *gdk_x11_display_get_screen(GdkDisplay *display);
gboolean gdk_x11_screen_supports_net_wm_hint(struct _GdkX11Screen *screen,
                                             const char *property_name);

// Swift imports neither C macros nor variadic functions; these wrap the few the app uses.

static inline GType natter_type_object(void) { return G_TYPE_OBJECT; }
static inline GType natter_type_string(void) { return G_TYPE_STRING; }

static inline void natter_accessible_set_label(GtkAccessible *accessible, const char *label) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void natter_accessible_set_description(GtkAccessible *accessible,
                                                     const char *description) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                 -1);
}

// A tooltip kept as the widget's data and given to GTK only when it asks (query-tooltip), so
// setting one costs no X round trip (Tooltip.setAsked).
static inline gboolean natter_asked_tooltip_query(GtkWidget *widget, int x, int y,
                                                  gboolean keyboard_mode, GtkTooltip *tooltip,
                                                  gpointer data) {
  (void)x, (void)y, (void)keyboard_mode, (void)data;
  const char *text = g_object_get_data(G_OBJECT(widget), "natter-asked-tooltip");
  if (text == NULL || *text == '\0') return FALSE;
  gtk_tooltip_set_text(tooltip, text);
  return TRUE;
}

static inline void natter_widget_set_asked_tooltip(GtkWidget *widget, const char *text) {
  if (g_object_get_data(G_OBJECT(widget), "natter-asked-tooltip-connected") == NULL) {
    g_signal_connect(widget, "query-tooltip", G_CALLBACK(natter_asked_tooltip_query), NULL);
    g_object_set_data(G_OBJECT(widget), "natter-asked-tooltip-connected", GINT_TO_POINTER(1));
    gtk_widget_set_has_tooltip(widget, TRUE);
  }
  g_object_set_data_full(G_OBJECT(widget), "natter-asked-tooltip",
                         text != NULL && *text != '\0' ? g_strdup(text) : NULL, g_free);
}

static inline const char *natter_widget_get_asked_tooltip(GtkWidget *widget) {
  return g_object_get_data(G_OBJECT(widget), "natter-asked-tooltip");
}

// For tests: GTK asks `widget` for its tooltip, as when the pointer rests on it; whether one
// would show. g_signal_emit_by_name is variadic.
static inline gboolean natter_test_query_tooltip(GtkWidget *widget) {
  GtkTooltip *tooltip = g_object_new(GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;
  g_signal_emit_by_name(widget, "query-tooltip", 0, 0, FALSE, tooltip, &shown);
  g_object_unref(tooltip);
  return shown;
}

// For tests: whether the accessible label is exactly `label`; gtk_test_accessible_check_property is
// variadic.
static inline gboolean natter_test_accessible_label_is(GtkAccessible *accessible,
                                                       const char *label) {
  char *mismatch = gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                      label);
  gboolean same = mismatch == NULL;
  g_free(mismatch);
  return same;
}

// For tests: whether the accessible description is exactly `description`.
static inline gboolean natter_test_accessible_description_is(GtkAccessible *accessible,
                                                             const char *description) {
  char *mismatch = gtk_test_accessible_check_property(
      accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
  gboolean same = mismatch == NULL;
  g_free(mismatch);
  return same;
}

static inline void natter_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden) {
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline void natter_log(GLogLevelFlags level, const char *message) {
  g_log_structured("natter", level, "MESSAGE", "%s", message);
}

static inline GVariant *natter_variant_new_uint32(guint32 value) {
  return g_variant_new_uint32(value);
}

// GTK 4.8 has no gtk_list_view_scroll_to (4.12); the list exposes this action instead.
static inline gboolean natter_list_scroll_to_item(GtkWidget *list, guint position) {
  return gtk_widget_activate_action(list, "list.scroll-to-item", "u", position);
}

// GTK 4.8's frame clock (gdk/gdkframeclockidle.c) paces frames it gets no display timing for,
// as under X11 without a compositor, with a g_timeout whose data is the clock itself, due at
// the previous frame's start plus one refresh; gdk_frame_clock_request_phase leaves a pending
// one as it is. This makes that timeout due now, so the next frame starts at the next main-loop
// iteration. A clock waiting for the display (frozen) has no such timeout: then nothing changes.
static inline gboolean natter_frame_clock_start_now(GdkFrameClock *clock) {
  GSource *pending = g_main_context_find_source_by_funcs_user_data(NULL, &g_timeout_funcs, clock);
  if (pending == NULL) return FALSE;
  g_source_set_ready_time(pending, 0);
  return TRUE;
}

// g_object_set is variadic; GtkSettings' gtk-application-prefer-dark-theme is set through this.
static inline void natter_object_set_boolean(gpointer object, const char *property,
                                             gboolean value) {
  g_object_set(object, property, value, NULL);
}

static inline gboolean natter_object_get_boolean(gpointer object, const char *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

// GtkSettings' gtk-font-name (tests change the desktop font); the result is freed with g_free.
static inline void natter_object_set_string(gpointer object, const char *property,
                                            const char *value) {
  g_object_set(object, property, value, NULL);
}

static inline char *natter_object_get_string(gpointer object, const char *property) {
  char *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

// "paste-done" tells listeners (input methods, tests) that a paste finished; g_signal_emit_by_name
// is variadic.
// g_application_command_line_printerr is variadic; print_literal needs GLib 2.80.
static inline void natter_command_line_printerr(GApplicationCommandLine *line, const char *text) {
  g_application_command_line_printerr(line, "%s", text);
}

static inline void natter_text_buffer_paste_done(GtkTextBuffer *buffer, GdkClipboard *clipboard) {
  g_signal_emit_by_name(buffer, "paste-done", clipboard);
}

// The SHA-256 fingerprint of a TLS certificate's DER bytes as lowercase hex, for trust on first
// use; g_object_get is variadic. Freed with g_free.
static inline char *natter_tls_certificate_sha256(GTlsCertificate *certificate) {
  GByteArray *der = NULL;
  g_object_get(certificate, "certificate", &der, NULL);
  if (der == NULL) return NULL;
  char *hex = g_compute_checksum_for_data(G_CHECKSUM_SHA256, der->data, der->len);
  g_byte_array_unref(der);
  return hex;
}

// Whether a loaded certificate carries its private key (a client certificate needs it);
// g_object_get is variadic.
static inline gboolean natter_tls_certificate_has_key(GTlsCertificate *certificate) {
  gchar *key = NULL;
  g_object_get(certificate, "private-key-pem", &key, NULL);
  gboolean has = key != NULL;
  g_free(key);
  return has;
}

#endif
