#ifndef NATTER_CSECRET_SHIM_H
#define NATTER_CSECRET_SHIM_H

#include <libsecret/secret.h>

// The IRC password in the Secret Service (SPEC §9), under the app id with the server and the
// account as attributes. SecretSchema is a static C struct and the store and lookup calls are
// variadic, so both are wrapped here.

static inline const SecretSchema *natter_irc_schema(void) {
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

static inline void natter_secret_store(const char *server, const char *account,
                                       const char *label, const char *password,
                                       GAsyncReadyCallback callback, gpointer data) {
  secret_password_store(natter_irc_schema(), SECRET_COLLECTION_DEFAULT, label, password, NULL,
                        callback, data, "server", server, "account", account, NULL);
}

static inline void natter_secret_lookup(const char *server, const char *account,
                                        GAsyncReadyCallback callback, gpointer data) {
  secret_password_lookup(natter_irc_schema(), NULL, callback, data, "server", server, "account",
                         account, NULL);
}

#endif
