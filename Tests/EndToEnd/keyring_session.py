"""Runs inside its own session bus (`dbus-run-session -- python3 keyring_session.py ...`) so
that the only Secret Service on it is an unlocked gnome-keyring: on the tests' shared bus an
earlier Natter's lookup has already activated a locked one, which would prompt.

Usage: keyring_session.py HOME NATTER URL PASSWORD FAKE_LOG. Starts the keyring, runs Natter
with the password in the environment until the scripted server has its SASL payload, stops it,
prints `stored:<what secret-tool finds>`, runs Natter again without the password and prints
`second:<the AUTHENTICATE lines the server saw>`.
"""

import os
import subprocess
import sys
import tempfile
import time

home, natter, url, password, fake_log = sys.argv[1:6]
env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
           G_MESSAGES_DEBUG="natter")
data = tempfile.mkdtemp(prefix="natter-keyring-")


def wait(predicate, what, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    sys.exit(f"timed out waiting for {what}")


def authenticated(attempt):
    if not os.path.exists(fake_log):
        return False
    with open(fake_log) as f:
        return any(line.startswith(f"{attempt} AUTHENTICATE ") and "PLAIN" not in line
                   for line in f)


subprocess.run(["gnome-keyring-daemon", "--unlock", "--components=secrets"],
               input=b"throwaway\n", env=env, capture_output=True, check=True)
wait(lambda: "true" in subprocess.run(
    ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
     "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
     "org.freedesktop.secrets"], capture_output=True, text=True).stdout, "the keyring")
host_port = url.split("@", 1)[1].split("/", 1)[0]
account = url.split("://", 1)[1].split("@", 1)[0]
for attempt, extra in ((1, {"NATTER_IRC_PASSWORD": password}), (2, {})):
    log = open(os.path.join(home, f"natter{attempt}.log"), "w")
    app = subprocess.Popen([natter, "--data-dir", data, "--connect", url],
                           env=dict(env, **extra), stdout=log, stderr=subprocess.STDOUT)
    try:
        wait(lambda: authenticated(attempt), f"SASL on attempt {attempt}")
        if attempt == 1:
            wait(lambda: subprocess.run(
                ["secret-tool", "lookup", "server", host_port, "account", account], env=env,
                capture_output=True).stdout, "the stored password")
            found = subprocess.run(
                ["secret-tool", "lookup", "server", host_port, "account", account], env=env,
                capture_output=True, text=True).stdout
            print(f"stored:{found}", flush=True)
    finally:
        app.kill()
        app.wait()
        log.close()
with open(fake_log) as f:
    print("second:" + "|".join(line.strip() for line in f if line.startswith("2 AUTH")))
with open(os.path.join(home, "natter2.log")) as f:
    print("log-has-password:" + str(password in f.read()))
