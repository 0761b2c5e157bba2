// Enchant is opened on first use, not linked. Spelling starts after the first frame, and a
// start that linked Enchant paid before that frame for loading and relocating it, and for a
// longer search through one more library at every symbol lookup after (issue 32).

#include "CEnchant.h"

#include <dlfcn.h>
#include <enchant.h>

static void *enchant_library(void) {
  static void *library;
  void *opened = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
  if (!opened) {
    // dlopen counts references: two threads racing here get the same handle.
    opened = dlopen("libenchant-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (opened) __atomic_store_n(&library, opened, __ATOMIC_RELEASE);
  }
  return opened;
}

// `name`'s address as a pointer of its own type (enchant.h's), looked up once.
#define ENCHANT(name)                                                          \
  static __typeof__(name) *cached_##name;                                      \
  __typeof__(name) *name##_pointer = __atomic_load_n(&cached_##name, __ATOMIC_ACQUIRE); \
  if (!name##_pointer) {                                                       \
    void *library = enchant_library();                                         \
    name##_pointer = library ? (__typeof__(name) *)dlsym(library, #name) : NULL; \
    __atomic_store_n(&cached_##name, name##_pointer, __ATOMIC_RELEASE);        \
  }

EnchantBroker *natter_enchant_broker_init(void) {
  ENCHANT(enchant_broker_init)
  return enchant_broker_init_pointer ? enchant_broker_init_pointer() : NULL;
}

void natter_enchant_broker_free(EnchantBroker *broker) {
  ENCHANT(enchant_broker_free)
  enchant_broker_free_pointer(broker);
}

void natter_enchant_broker_free_dict(EnchantBroker *broker, EnchantDict *dict) {
  ENCHANT(enchant_broker_free_dict)
  enchant_broker_free_dict_pointer(broker, dict);
}

const char *natter_enchant_broker_get_error(EnchantBroker *broker) {
  ENCHANT(enchant_broker_get_error)
  return enchant_broker_get_error_pointer(broker);
}

void natter_enchant_broker_list_dicts(EnchantBroker *broker, EnchantDictDescribeFn fn,
                                      void *user_data) {
  ENCHANT(enchant_broker_list_dicts)
  enchant_broker_list_dicts_pointer(broker, fn, user_data);
}

EnchantDict *natter_enchant_broker_request_dict(EnchantBroker *broker, const char *const tag) {
  ENCHANT(enchant_broker_request_dict)
  return enchant_broker_request_dict_pointer(broker, tag);
}

void natter_enchant_broker_set_ordering(EnchantBroker *broker, const char *const tag,
                                        const char *const ordering) {
  ENCHANT(enchant_broker_set_ordering)
  enchant_broker_set_ordering_pointer(broker, tag, ordering);
}

int natter_enchant_dict_check(EnchantDict *dict, const char *const word, ssize_t len) {
  ENCHANT(enchant_dict_check)
  return enchant_dict_check_pointer(dict, word, len);
}

char **natter_enchant_dict_suggest(EnchantDict *dict, const char *const word, ssize_t len,
                                   size_t *out_n_suggs) {
  ENCHANT(enchant_dict_suggest)
  return enchant_dict_suggest_pointer(dict, word, len, out_n_suggs);
}

void natter_enchant_dict_free_string_list(EnchantDict *dict, char **string_list) {
  ENCHANT(enchant_dict_free_string_list)
  enchant_dict_free_string_list_pointer(dict, string_list);
}
