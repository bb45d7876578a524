# cmake -DSRC=<source tree> -DOUT=<header> -P git_commit.cmake: writes
# OUT as `#define SHOAL_PERFTEST_GIT_COMMIT "<12-hex commit>[-dirty]"`
# ("unknown" outside a git checkout), touching it only when the text
# changes. The build runs it every time (target shoal_perftest_git_commit),
# so every JSON result names the commit that was built, not the one the
# build folder was configured from.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${SRC}
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit unknown)
else()
  execute_process(COMMAND git diff --quiet HEAD WORKING_DIRECTORY ${SRC} RESULT_VARIABLE dirty ERROR_QUIET)
  if(NOT dirty EQUAL 0)
    string(APPEND commit "-dirty")
  endif()
endif()
set(text "#define SHOAL_PERFTEST_GIT_COMMIT \"${commit}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
