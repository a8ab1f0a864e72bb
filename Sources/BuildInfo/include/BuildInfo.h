#ifndef BUILD_INFO_H
#define BUILD_INFO_H

/// The commit this binary was built from, as scripts/build-release recorded it (SQUAD_COMMIT in
/// the environment of the build), or NULL for a build that did not record one (`swift build`).
const char *build_info_commit(void);

/// 1 when the working tree had changes that were not committed, 0 when it was clean.
int build_info_tree_modified(void);

#endif
