# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# CPack pre-build script (CPACK_PRE_BUILD_SCRIPTS, packaging/CMakeLists.txt): runs after the files are staged
# and before the .deb is archived. It drops the .comment section (compiler version strings) from the
# executables, as Debian's dh_strip does; CPack's own strip (CPACK_STRIP_FILES) keeps it.
foreach(dir IN LISTS CPACK_TEMPORARY_DIRECTORY)
  file(GLOB executables "${dir}/usr/bin/*")
  foreach(exe IN LISTS executables)
    execute_process(COMMAND "${CPACK_VERNIER_OBJCOPY}" --remove-section=.comment "${exe}" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "vernier: could not remove the .comment section from ${exe}")
    endif()
  endforeach()
endforeach()
