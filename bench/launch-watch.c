/* Starts a command and reports, from outside, when its first top-level window is mapped:
 * the one start-up measure that works for every app, instrumented or not.
 * Prints "t0 <us>" just before fork, "pid <pid>", then "map <us>" at the first MapNotify of a
 * non-override-redirect child of the root window (all times CLOCK_MONOTONIC microseconds, the
 * clock of g_get_monotonic_time). Exits when the command exits; natter-bench kills the command.
 * Build: cc launch-watch.c -o launch-watch -lX11 */
#include <X11/Xlib.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: launch-watch COMMAND [ARG...]\n");
    return 2;
  }
  Display *display = XOpenDisplay(NULL);
  if (!display) {
    fprintf(stderr, "launch-watch: cannot open the X display\n");
    return 1;
  }
  /* Selected before the fork, so no map can be missed. */
  XSelectInput(display, DefaultRootWindow(display), SubstructureNotifyMask);
  XSync(display, False);
  setvbuf(stdout, NULL, _IOLBF, 0);
  printf("t0 %lld\n", now_us());
  pid_t pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) {
    close(ConnectionNumber(display));
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  printf("pid %d\n", (int)pid);
  int mapped = 0, status = 0;
  struct pollfd x = {.fd = ConnectionNumber(display), .events = POLLIN};
  for (;;) {
    while (!mapped && XPending(display)) {
      XEvent event;
      XNextEvent(display, &event);
      if (event.type == MapNotify && !event.xmap.override_redirect) {
        printf("map %lld\n", now_us());
        mapped = 1;
      }
    }
    if (waitpid(pid, &status, WNOHANG) == pid) break;
    if (!mapped) poll(&x, 1, 20);
    else usleep(20000);
  }
  printf("exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 0;
}
