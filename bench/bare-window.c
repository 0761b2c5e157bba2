/* The baseline for natter-bench: the least a GTK 4 app window can be. A GtkApplication
 * (registered on the session bus, as Natter is) opens a GtkApplicationWindow with a header bar.
 * With NATTER_BENCH naming a FIFO it writes "paint <CLOCK_MONOTONIC us>" after its first frame,
 * the same probe Natter has. It quits on SIGTERM/SIGINT, or after the first frame with
 * --quit-after-paint. With NATTER_BENCH_IDLE_FRAMES set it records its frame clock for 3 s, a
 * second after its first frame, with nothing to do, and writes "frames-idle" as Natter's probe
 * does (FrameRecorder, FrameHistogram): the clock itself, for the frame-time table. With
 * NATTER_BENCH_ANIMATE set as well, a bar turns in the window every frame while it records.
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

/* One line to the bench's FIFO, if there is one. */
static void emit_line(const char *text) {
  const char *path = g_getenv("NATTER_BENCH");
  if (!path) return;
  int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  char *line = g_strconcat(text, "\n", NULL);
  if (write(fd, line, strlen(line)) < 0) { /* the bench went away; nothing to report to */ }
  g_free(line);
  close(fd);
}

/* "<event> <CLOCK_MONOTONIC us>" to the bench's FIFO, as Natter's probe writes it. */
static void emit(const char *event) {
  char line[96];
  snprintf(line, sizeof line, "%s %" G_GINT64_FORMAT, event, g_get_monotonic_time());
  emit_line(line);
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
  emit_line(event);
}

/* The idle recording, as Natter's FrameRecorder: gaps between consecutive frames' starts
 * (before-paint); each frame that laid out or drew, from before-paint to after-paint; and
 * every frame from the previous frame's start to its own after-paint (ready), in
 * microseconds. */
#define IDLE_MAX 4096
static gint64 idle_gaps[IDLE_MAX], idle_frames[IDLE_MAX], idle_ready[IDLE_MAX];
static guint idle_gap_count, idle_frame_count, idle_ready_count;
static gint64 idle_last, idle_previous, idle_frame_start;
static gboolean idle_worked, idle_recording;

static void idle_before_paint(void) {
  gint64 now = g_get_monotonic_time();
  if (idle_recording && idle_gap_count < IDLE_MAX) idle_gaps[idle_gap_count++] = now - idle_last;
  idle_previous = idle_last;
  idle_last = now;
  idle_frame_start = now;
  idle_worked = FALSE;
}
static void idle_work(void) { idle_worked = TRUE; }
static void idle_after_paint(void) {
  if (!idle_recording) return;
  gint64 now = g_get_monotonic_time();
  if (idle_worked && idle_frame_start && idle_frame_count < IDLE_MAX)
    idle_frames[idle_frame_count++] = now - idle_frame_start;
  if (idle_ready_count < IDLE_MAX) idle_ready[idle_ready_count++] = now - idle_previous;
  idle_worked = FALSE;
}

static int compare_times(const void *a, const void *b) {
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
  return (x > y) - (x < y);
}

/* FrameHistogram's fields: counts at <= 8, 17, 25, 33, 50 ms and over, the nearest-rank 99th
 * percentile, the longest. */
static void append_fields(GString *line, gint64 *times, guint count) {
  static const gint64 bounds[] = {8000, 17000, 25000, 33000, 50000};
  guint buckets[6] = {0};
  for (guint i = 0; i < count; i++) {
    guint b = 0;
    while (b < 5 && times[i] > bounds[b]) b++;
    buckets[b]++;
  }
  qsort(times, count, sizeof *times, compare_times);
  guint rank = (count * 99 + 99) / 100;
  if (rank < 1) rank = 1;
  if (rank > count) rank = count;
  for (guint b = 0; b < 6; b++) g_string_append_printf(line, " %u", buckets[b]);
  g_string_append_printf(line, " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                         count ? times[rank - 1] : 0, count ? times[count - 1] : 0);
}

/* As Natter's probe: 3 s recorded, and 0.5 s more before the line, the last gap running
 * until then. */
static gboolean idle_report(gpointer clock) {
  idle_recording = FALSE;
  if (idle_gap_count < IDLE_MAX) idle_gaps[idle_gap_count++] = g_get_monotonic_time() - idle_last;
  gdk_frame_clock_end_updating(GDK_FRAME_CLOCK(clock));
  GString *line = g_string_new("frames-idle");
  g_string_append_printf(line, " %" G_GINT64_FORMAT, g_get_monotonic_time());
  append_fields(line, idle_gaps, idle_gap_count);
  append_fields(line, idle_frames, idle_frame_count);
  append_fields(line, idle_ready, idle_ready_count);
  emit_line(line->str);
  g_string_free(line, TRUE);
  return G_SOURCE_REMOVE;
}

static gboolean idle_start(gpointer clock) {
  g_signal_connect_swapped(clock, "before-paint", G_CALLBACK(idle_before_paint), NULL);
  g_signal_connect_swapped(clock, "layout", G_CALLBACK(idle_work), NULL);
  g_signal_connect_swapped(clock, "paint", G_CALLBACK(idle_work), NULL);
  g_signal_connect_swapped(clock, "after-paint", G_CALLBACK(idle_after_paint), NULL);
  idle_last = g_get_monotonic_time();
  idle_previous = idle_last;
  idle_recording = TRUE;
  gdk_frame_clock_begin_updating(GDK_FRAME_CLOCK(clock));
  g_timeout_add(3500, idle_report, clock);
  return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
  g_signal_handlers_disconnect_by_func(clock, after_paint, app);
  painted = TRUE;
  emit("paint");
  emit_cpu_time();
  if (quit_after_paint) g_application_quit(G_APPLICATION(app));
  else if (g_getenv("NATTER_BENCH_IDLE_FRAMES")) g_timeout_add(1000, idle_start, clock);
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

/* With NATTER_BENCH_BARE_TEXT naming a file of Pango markup (Natter's first screen, written by
 * its probe), the window draws it in one layout wrapped to its width: the floor of showing that
 * text in GTK, with no widget around it (issue 32). */
static char *floor_markup;
static PangoLayout *floor_layout;

static void draw_floor(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer unused) {
  (void)height;
  (void)unused;
  if (!floor_layout) {
    floor_layout = gtk_widget_create_pango_layout(GTK_WIDGET(area), NULL);
    pango_layout_set_markup(floor_layout, floor_markup, -1);
    pango_layout_set_wrap(floor_layout, PANGO_WRAP_WORD_CHAR);
  }
  pango_layout_set_width(floor_layout, (width - 24) * PANGO_SCALE);
  GdkRGBA ink = {0, 0, 0, 1};
  gdk_cairo_set_source_rgba(cr, &ink);
  cairo_move_to(cr, 12, 6);
  pango_cairo_show_layout(cr, floor_layout);
}

/* NATTER_BENCH_ANIMATE: a bar turning a little each frame. */
static double bar_angle;

static void draw_turning_bar(GtkDrawingArea *area, cairo_t *cr, int width, int height,
                             gpointer unused) {
  (void)area;
  (void)unused;
  cairo_translate(cr, width / 2.0, height / 2.0);
  cairo_rotate(cr, bar_angle);
  cairo_rectangle(cr, -12, -2, 24, 4);
  cairo_fill(cr);
}

static gboolean turn_bar(GtkWidget *area, GdkFrameClock *clock, gpointer unused) {
  (void)clock;
  (void)unused;
  bar_angle += 0.1;
  gtk_widget_queue_draw(area);
  return G_SOURCE_CONTINUE;
}

static void activate(GtkApplication *app, gpointer unused) {
  (void)unused;
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Bare window");
  gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
  gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
  const char *text = g_getenv("NATTER_BENCH_BARE_TEXT");
  if (text && g_file_get_contents(text, &floor_markup, NULL, NULL)) {
    GError *error = NULL;
    if (!pango_parse_markup(floor_markup, -1, 0, NULL, NULL, NULL, &error)) {
      /* A floor that drew nothing would be a figure of nothing. */
      g_printerr("bare-window: %s is not Pango markup: %s\n", text, error->message);
      exit(2);
    }
    GtkWidget *area = gtk_drawing_area_new();
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_floor, NULL, NULL);
    gtk_window_set_child(GTK_WINDOW(window), area);
  } else if (g_getenv("NATTER_BENCH_ANIMATE")) {
    /* A window that draws a little every frame and does nothing else: what this display's
     * clock gives the least GTK animation, beside the idle clock (issue 32's frame times).
     * Not a GtkSpinner: GTK 4.8 lays out and draws the whole window for each of its frames,
     * 20-27 ms here for 720x640 against 1 ms for 100x100. */
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_size_request(area, 32, 32);
    gtk_widget_set_halign(area, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(area, GTK_ALIGN_CENTER);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_turning_bar, NULL, NULL);
    gtk_widget_add_tick_callback(area, turn_bar, NULL, NULL);
    gtk_window_set_child(GTK_WINDOW(window), area);
  }
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
