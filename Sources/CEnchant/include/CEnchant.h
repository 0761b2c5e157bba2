#ifndef NATTER_CENCHANT_H
#define NATTER_CENCHANT_H

// Enchant 2 (SPEC §14), opened on first use rather than linked (enchant.c says why). Only
// NatterSession's SpellEngine sees it. The types are enchant.h's own (enchant.c includes both,
// so the compiler holds them to it); each function is the Enchant one without `natter_`.

#include <stddef.h>
#include <sys/types.h>

typedef struct str_enchant_broker EnchantBroker;
typedef struct str_enchant_dict EnchantDict;
typedef void (*EnchantDictDescribeFn)(const char *const lang_tag,
                                      const char *const provider_name,
                                      const char *const provider_desc,
                                      const char *const provider_file, void *user_data);

/// NULL when Enchant cannot be opened or cannot start: spelling is then off.
EnchantBroker *natter_enchant_broker_init(void);
// The rest are only ever called with a broker or a dictionary, so Enchant is open.
void natter_enchant_broker_free(EnchantBroker *broker);
void natter_enchant_broker_free_dict(EnchantBroker *broker, EnchantDict *dict);
const char *natter_enchant_broker_get_error(EnchantBroker *broker);
void natter_enchant_broker_list_dicts(EnchantBroker *broker, EnchantDictDescribeFn fn,
                                      void *user_data);
EnchantDict *natter_enchant_broker_request_dict(EnchantBroker *broker, const char *const tag);
void natter_enchant_broker_set_ordering(EnchantBroker *broker, const char *const tag,
                                        const char *const ordering);
int natter_enchant_dict_check(EnchantDict *dict, const char *const word, ssize_t len);
char **natter_enchant_dict_suggest(EnchantDict *dict, const char *const word, ssize_t len,
                                   size_t *out_n_suggs);
void natter_enchant_dict_free_string_list(EnchantDict *dict, char **string_list);

#endif
