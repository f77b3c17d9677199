# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Layering check of the command line (app -> ui -> figures -> viewers -> models):
# - vernier-cli-draw, which runs the drawing commands, links vernier_figures and never vernier_ui;
# - vernier-cli links neither vernier_figures nor vernier_viewers (nor vernier_ui), so its other commands start
#   without the chart and OpenGL libraries (app/cli/draw_program.h).
# Run by ctest (tests/CMakeLists.txt, layering.cli_does_not_link_ui) as
#   cmake -DCLOSURE=<file> -DLEAN_CLOSURE=<file> -DUI_LIB=<name> -DFIGURES_LIB=<name> -DVIEWERS_LIB=<name>
#         -DBUILD_DIR=<dir> -P check_cli_link.cmake
# CLOSURE (vernier-cli-draw) and LEAN_CLOSURE (vernier-cli) hold the targets each links, transitively, as CMake
# saw them at configure time. The link commands the generator wrote (build.ninja, or link.txt for Makefiles) are
# checked too: vernier-cli-draw's must name the figures library (so the right command was found) and not the ui
# library; vernier-cli's must name neither.
foreach(var CLOSURE LEAN_CLOSURE UI_LIB FIGURES_LIB VIEWERS_LIB BUILD_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_cli_link: ${var} not given")
  endif()
endforeach()

function(read_closure file out)
  file(READ "${file}" closure)
  string(STRIP "${closure}" closure)
  if(closure STREQUAL "")
    message(FATAL_ERROR "check_cli_link: ${file} is empty")
  endif()
  set(${out} "${closure}" PARENT_SCOPE)
endfunction()

function(link_command target out)
  set(command "")
  if(EXISTS "${BUILD_DIR}/build.ninja")
    file(READ "${BUILD_DIR}/build.ninja" ninja)
    # The link statement of the executable and its indented variables (LINK_LIBRARIES among them).
    string(REGEX MATCH "\nbuild [^\n]*/${target}: CXX_EXECUTABLE_LINKER[^\n]*\n(  [^\n]*\n)+" command "${ninja}")
    # Without the order-only dependencies (after "||"): they name what is built first, not what is linked.
    string(REGEX REPLACE " \\|\\|[^\n]*" "" command "${command}")
  elseif(EXISTS "${BUILD_DIR}/app/CMakeFiles/${target}.dir/link.txt")
    file(READ "${BUILD_DIR}/app/CMakeFiles/${target}.dir/link.txt" command)
  endif()
  if(command STREQUAL "")
    message(FATAL_ERROR "check_cli_link: no link command for ${target} under ${BUILD_DIR}")
  endif()
  set(${out} "${command}" PARENT_SCOPE)
endfunction()

read_closure("${CLOSURE}" closure)
if(";${closure};" MATCHES ";vernier_ui;")
  message(FATAL_ERROR "vernier-cli-draw links vernier_ui (link closure: ${closure})")
endif()
if(NOT ";${closure};" MATCHES ";vernier_figures;")
  message(FATAL_ERROR "vernier-cli-draw does not link vernier_figures (link closure: ${closure})")
endif()
link_command(vernier-cli-draw command)
string(FIND "${command}" "${FIGURES_LIB}" figures_at)
if(figures_at LESS 0)
  message(FATAL_ERROR "check_cli_link: the vernier-cli-draw link command does not name ${FIGURES_LIB}:\n${command}")
endif()
string(FIND "${command}" "${UI_LIB}" ui_at)
if(NOT ui_at LESS 0)
  message(FATAL_ERROR "vernier-cli-draw's link command names ${UI_LIB}:\n${command}")
endif()

read_closure("${LEAN_CLOSURE}" lean)
foreach(lib vernier_ui vernier_figures vernier_viewers)
  if(";${lean};" MATCHES ";${lib};")
    message(FATAL_ERROR "vernier-cli links ${lib} (link closure: ${lean})")
  endif()
endforeach()
link_command(vernier-cli command)
foreach(file ${UI_LIB} ${FIGURES_LIB} ${VIEWERS_LIB})
  string(FIND "${command}" "${file}" at)
  if(NOT at LESS 0)
    message(FATAL_ERROR "vernier-cli's link command names ${file}:\n${command}")
  endif()
endforeach()
message(STATUS "vernier-cli-draw links ${closure}; no vernier_ui. vernier-cli links ${lean}")
