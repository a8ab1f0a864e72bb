// What the build knew about its source: Package.swift turns the SQUAD_COMMIT and
// SQUAD_TREE_MODIFIED variables that scripts/build-release sets into the defines below, for this
// one file only, so a new commit recompiles this file and relinks, nothing else. A plain
// `swift build` sets neither and says so.

#include "BuildInfo.h"

#include <stddef.h>

const char *build_info_commit(void) {
#ifdef SQUAD_COMMIT
  return SQUAD_COMMIT;
#else
  return NULL;
#endif
}

int build_info_tree_modified(void) {
#ifdef SQUAD_TREE_MODIFIED
  return 1;
#else
  return 0;
#endif
}
