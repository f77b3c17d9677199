# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Layering check: vernier-cli never links vernier_ui (app -> ui -> figures -> viewers -> models).
# Run by ctest (tests/CMakeLists.txt, layering.cli_does_not_link_ui) as
#   cmake -DCLOSURE=<file> -DUI_LIB=<file name> -DFIGURES_LIB=<file name> -DBUILD_DIR=<dir> -P check_cli_link.cmake
# CLOSURE holds the targets vernier-cli links, transitively, as CMake saw them at configure time. The link
# command the generator wrote (build.ninja, or link.txt for Makefiles) is checked too: it must name the
# figures library (so the right command was found) and must not name the ui library.
foreach(var CLOSURE UI_LIB FIGURES_LIB BUILD_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_cli_link: ${var} not given")
  endif()
endforeach()

file(READ "${CLOSURE}" closure)
string(STRIP "${closure}" closure)
if(closure STREQUAL "")
  message(FATAL_ERROR "check_cli_link: ${CLOSURE} is empty")
endif()
if(";${closure};" MATCHES ";vernier_ui;")
  message(FATAL_ERROR "vernier-cli links vernier_ui (link closure: ${closure})")
endif()
if(NOT ";${closure};" MATCHES ";vernier_figures;")
  message(FATAL_ERROR "vernier-cli does not link vernier_figures (link closure: ${closure})")
endif()

set(command "")
if(EXISTS "${BUILD_DIR}/build.ninja")
  file(READ "${BUILD_DIR}/build.ninja" ninja)
  # The link statement of the vernier-cli executable and its indented variables (LINK_LIBRARIES among them).
  string(REGEX MATCH "\nbuild [^\n]*vernier-cli: CXX_EXECUTABLE_LINKER[^\n]*\n(  [^\n]*\n)+" command "${ninja}")
elseif(EXISTS "${BUILD_DIR}/app/CMakeFiles/vernier-cli.dir/link.txt")
  file(READ "${BUILD_DIR}/app/CMakeFiles/vernier-cli.dir/link.txt" command)
endif()
if(command STREQUAL "")
  message(FATAL_ERROR "check_cli_link: no link command for vernier-cli under ${BUILD_DIR}")
endif()
string(FIND "${command}" "${FIGURES_LIB}" figures_at)
if(figures_at LESS 0)
  message(FATAL_ERROR "check_cli_link: the vernier-cli link command does not name ${FIGURES_LIB}:\n${command}")
endif()
string(FIND "${command}" "${UI_LIB}" ui_at)
if(NOT ui_at LESS 0)
  message(FATAL_ERROR "vernier-cli's link command names ${UI_LIB}:\n${command}")
endif()
message(STATUS "vernier-cli links ${closure}; no vernier_ui")
