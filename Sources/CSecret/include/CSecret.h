#ifndef NATTER_CSECRET_H
#define NATTER_CSECRET_H

// The IRC password in the Secret Service (SPEC §9), under the app id with the server and the
// account as attributes, through libsecret opened on first use rather than linked (secret.c
// says why). Only NatterSession's SecretStore sees it.

#include <gio/gio.h>

/// Whether libsecret could be opened; the calls below need it.
int natter_secret_available(void);

void natter_secret_store(const char *server, const char *account, const char *label,
                         const char *password, GAsyncReadyCallback callback, gpointer data);
gboolean natter_secret_password_store_finish(GAsyncResult *result, GError **error);

void natter_secret_lookup(const char *server, const char *account,
                          GAsyncReadyCallback callback, gpointer data);
gchar *natter_secret_password_lookup_finish(GAsyncResult *result, GError **error);
void natter_secret_password_free(gchar *password);

#endif
