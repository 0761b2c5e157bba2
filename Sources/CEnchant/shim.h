#ifndef NATTER_CENCHANT_SHIM_H
#define NATTER_CENCHANT_SHIM_H

// Enchant 2 (SPEC §14): only NatterSession's SpellEngine sees it. Debian's Hunspell
// dictionaries do the checking; the broker is told to prefer Hunspell for each tag, because
// /usr/share/enchant-2/enchant.ordering gives en_US to aspell otherwise.
#include <enchant.h>

#endif
