# Test registration shared by the test folders (sim only: the tests run
# under shoalrun).

# shoal_add_trap_tests(<prefix> <target> "<mode>|<regex>"...): one test
# <prefix>.<mode> per case, running `shoalrun -n 2 <target> <mode>`; it
# passes when the output matches <regex> (the checked build's device error)
# and fails when the kernel returned instead.
function(shoal_add_trap_tests prefix target label)
  foreach(_c ${ARGN})
    string(REPLACE "|" ";" _parts "${_c}")
    list(GET _parts 0 _mode)
    list(GET _parts 1 _re)
    add_test(NAME ${prefix}.${_mode} COMMAND shoalrun -n 2 $<TARGET_FILE:${target}> ${_mode})
    set_tests_properties(${prefix}.${_mode} PROPERTIES LABELS "${label}" PASS_REGULAR_EXPRESSION "${_re}"
                         FAIL_REGULAR_EXPRESSION "kernel returned")
  endforeach()
endfunction()

# shoal_add_remote_tests(<name> <labels> [TIMEOUT s] [ENV vars...] ARGS program args...):
# the program under shoalrun with PEs reachable only through the remote
# transport, UCX restricted to tcp on loopback: <name>.two_nodes (4 PEs on
# two simulated nodes, P2P inside a node, the proxy across) and
# <name>.no_p2p (2 PEs, P2P disabled).
function(shoal_add_remote_tests name labels)
  cmake_parse_arguments(A "" "TIMEOUT" "ENV;ARGS" ${ARGN})
  if(NOT A_TIMEOUT)
    set(A_TIMEOUT 300)
  endif()
  foreach(_mode two_nodes no_p2p)
    if(_mode STREQUAL "two_nodes")
      set(_np 4)
      set(_env "SHOAL_SIM_PES_PER_NODE=2")
    else()
      set(_np 2)
      set(_env "SHOAL_DISABLE_P2P=1")
    endif()
    list(APPEND _env UCX_TLS=tcp ASAN_OPTIONS=detect_leaks=0 ${A_ENV})
    add_test(NAME ${name}.${_mode} COMMAND shoalrun -n ${_np} --timeout ${A_TIMEOUT} ${A_ARGS})
    set_tests_properties(${name}.${_mode} PROPERTIES LABELS "${labels}" PROCESSORS ${_np}
                         ENVIRONMENT "${_env}")
  endforeach()
endfunction()
