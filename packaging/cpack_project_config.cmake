# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# CPack project config file (CPACK_PROJECT_CONFIG_FILE, packaging/CMakeLists.txt): read by cpack before it
# packages. Reproducible bytes: CPack dates every member of the .deb (ar members, control and data archives)
# SOURCE_DATE_EPOCH when that is set in its environment, and the time of packaging otherwise. When it is not set
# (a plain `cmake --build <dir> --target package`), set it here to the time of the source tree's last commit,
# as scripts/package.sh does, so any way of packaging one commit gives the same bytes.
if("$ENV{SOURCE_DATE_EPOCH}" STREQUAL "" AND EXISTS "${CPACK_VERNIER_SOURCE_DIR}/.git")
  execute_process(COMMAND git -C "${CPACK_VERNIER_SOURCE_DIR}" log -1 --format=%ct
                  OUTPUT_VARIABLE vernier_epoch OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(vernier_epoch MATCHES "^[0-9]+$")
    set(ENV{SOURCE_DATE_EPOCH} "${vernier_epoch}")
  endif()
endif()
