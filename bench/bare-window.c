/* The baseline for natter-bench: the least a GTK 4 app window can be. A GtkApplication
 * (registered on the session bus, as Natter is) opens a GtkApplicationWindow with a header bar.
 * With NATTER_BENCH naming a FIFO it writes "paint <CLOCK_MONOTONIC us>" after its first frame,
 * the same probe Natter has. It quits on SIGTERM/SIGINT, or after the first frame with
 * --quit-after-paint.
 * Build: cc bare-window.c -o bare-window $(pkg-config --cflags --libs gtk4) */
#include <fcntl.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static gboolean quit_after_paint;

static void after_paint(GdkFrameClock *clock, gpointer app) {
  g_signal_handlers_disconnect_by_func(clock, after_paint, app);
  const char *path = g_getenv("NATTER_BENCH");
  if (path) {
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      char line[64];
      int n = snprintf(line, sizeof line, "paint %" G_GINT64_FORMAT "\n", g_get_monotonic_time());
      if (write(fd, line, (size_t)n) < 0) { /* the bench went away; nothing to report to */ }
      close(fd);
    }
  }
  if (quit_after_paint) g_application_quit(G_APPLICATION(app));
}

static void realize(GtkWidget *window, gpointer app) {
  g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), app);
}

static void activate(GtkApplication *app, gpointer unused) {
  (void)unused;
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Bare window");
  gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
  gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
  g_signal_connect(window, "realize", G_CALLBACK(realize), app);
  gtk_window_present(GTK_WINDOW(window));
}

static gboolean on_signal(gpointer app) {
  g_application_quit(G_APPLICATION(app));
  return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
  quit_after_paint = argc > 1 && strcmp(argv[1], "--quit-after-paint") == 0;
  GtkApplication *app = gtk_application_new("org.natter.BenchBareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  g_unix_signal_add(SIGTERM, on_signal, app);
  g_unix_signal_add(SIGINT, on_signal, app);
  char *args[] = {argv[0], NULL};
  int status = g_application_run(G_APPLICATION(app), 1, args);
  g_object_unref(app);
  return status;
}
