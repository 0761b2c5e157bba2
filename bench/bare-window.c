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
#include <time.h>
#include <unistd.h>

static gboolean quit_after_paint;
static gboolean painted;

/* "<event> <CLOCK_MONOTONIC us>" to the bench's FIFO, as Natter's probe writes it. */
static void emit(const char *event) {
  const char *path = g_getenv("NATTER_BENCH");
  if (!path) return;
  int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  char line[96];
  int n = snprintf(line, sizeof line, "%s %" G_GINT64_FORMAT "\n", event, g_get_monotonic_time());
  if (write(fd, line, (size_t)n) < 0) { /* the bench went away; nothing to report to */ }
  close(fd);
}

/* The start-up phases Natter's probe also marks, for the bench's phases table. */
static void mark_once(const char *phase) {
  if (!painted) emit(phase);
}
static void on_frame(void) { mark_once("mark-frame"); }
static void on_layout(void) { mark_once("mark-layout"); }
static void on_drawn(void) { mark_once("mark-drawn"); }
static void on_map(void) { mark_once("mark-map"); }

/* "cpu <us> <main thread's CPU us> <process's CPU us>", as Natter's probe reports it. */
static void emit_cpu_time(void) {
  struct timespec thread, process;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &thread);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &process);
  char event[96];
  snprintf(event, sizeof event, "cpu %" G_GINT64_FORMAT " %lld %lld", g_get_monotonic_time(),
           (long long)thread.tv_sec * 1000000 + thread.tv_nsec / 1000,
           (long long)process.tv_sec * 1000000 + process.tv_nsec / 1000);
  const char *path = g_getenv("NATTER_BENCH");
  if (!path) return;
  int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  size_t length = strlen(event);
  event[length] = '\n';
  if (write(fd, event, length + 1) < 0) { /* the bench went away */ }
  close(fd);
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
  g_signal_handlers_disconnect_by_func(clock, after_paint, app);
  painted = TRUE;
  emit("paint");
  emit_cpu_time();
  if (quit_after_paint) g_application_quit(G_APPLICATION(app));
}

static void realize(GtkWidget *window, gpointer app) {
  emit("mark-realize");
  GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
  g_signal_connect_swapped(clock, "before-paint", G_CALLBACK(on_frame), NULL);
  g_signal_connect_swapped(clock, "layout", G_CALLBACK(on_layout), NULL);
  g_signal_connect_swapped(clock, "paint", G_CALLBACK(on_drawn), NULL);
  g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
}

static void startup(GtkApplication *app, gpointer unused) {
  (void)app;
  (void)unused;
  emit("mark-startup");
}

static void activate(GtkApplication *app, gpointer unused) {
  (void)unused;
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Bare window");
  gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
  gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
  g_signal_connect(window, "realize", G_CALLBACK(realize), app);
  g_signal_connect_swapped(window, "map", G_CALLBACK(on_map), NULL);
  emit("mark-window");
  gtk_window_present(GTK_WINDOW(window));
}

static gboolean on_signal(gpointer app) {
  g_application_quit(G_APPLICATION(app));
  return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
  emit("mark-main");
  quit_after_paint = argc > 1 && strcmp(argv[1], "--quit-after-paint") == 0;
  GtkApplication *app = gtk_application_new("org.natter.BenchBareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect(app, "startup", G_CALLBACK(startup), NULL);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  g_unix_signal_add(SIGTERM, on_signal, app);
  g_unix_signal_add(SIGINT, on_signal, app);
  char *args[] = {argv[0], NULL};
  int status = g_application_run(G_APPLICATION(app), 1, args);
  g_object_unref(app);
  return status;
}
