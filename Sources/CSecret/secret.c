// libsecret is opened when a password is first looked up or stored, not linked: a start
// without one never needs it, and linking it (with libgcrypt and libgpg-error) cost every
// start their loading and relocation before the first frame, and a longer search through
// three more libraries at every symbol lookup after (issue 32). Used on the main thread only.

#include "CSecret.h"

#include <dlfcn.h>
#include <libsecret/secret.h>

static void *secret_library(void) {
  static void *library;
  if (!library) library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
  return library;
}

// `name`'s address as a pointer of its own type (libsecret's), looked up once.
#define SECRET(name)                                                         \
  static __typeof__(name) *name##_pointer;                                   \
  if (!name##_pointer) {                                                     \
    void *library = secret_library();                                        \
    if (library) name##_pointer = (__typeof__(name) *)dlsym(library, #name); \
  }

int natter_secret_available(void) { return secret_library() != NULL; }

// SecretSchema is a static C struct and the store and lookup calls are variadic, so both are
// here rather than in Swift.
static const SecretSchema *irc_schema(void) {
  static const SecretSchema schema = {
      "org.natter.Natter.IRC",
      SECRET_SCHEMA_NONE,
      {
          {"server", SECRET_SCHEMA_ATTRIBUTE_STRING},
          {"account", SECRET_SCHEMA_ATTRIBUTE_STRING},
          {NULL, 0},
      }};
  return &schema;
}

void natter_secret_store(const char *server, const char *account, const char *label,
                         const char *password, GAsyncReadyCallback callback, gpointer data) {
  SECRET(secret_password_store)
  secret_password_store_pointer(irc_schema(), SECRET_COLLECTION_DEFAULT, label, password, NULL,
                                callback, data, "server", server, "account", account, NULL);
}

gboolean natter_secret_password_store_finish(GAsyncResult *result, GError **error) {
  SECRET(secret_password_store_finish)
  return secret_password_store_finish_pointer(result, error);
}

void natter_secret_lookup(const char *server, const char *account,
                          GAsyncReadyCallback callback, gpointer data) {
  SECRET(secret_password_lookup)
  secret_password_lookup_pointer(irc_schema(), NULL, callback, data, "server", server,
                                 "account", account, NULL);
}

gchar *natter_secret_password_lookup_finish(GAsyncResult *result, GError **error) {
  SECRET(secret_password_lookup_finish)
  return secret_password_lookup_finish_pointer(result, error);
}

void natter_secret_password_free(gchar *password) {
  SECRET(secret_password_free)
  secret_password_free_pointer(password);
}
