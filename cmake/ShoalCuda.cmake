# shoal_add_cuda_sources(<target> <file.cu>...)
#
# Adds CUDA sources to a target for the configured platform:
#   cuda: compiled by nvcc (C++20, the target's CUDA architectures), linked
#         against the CUDA runtime;
#   sim:  compiled by the host C++ compiler as C++ with shoal/sim/prelude.h
#         force-included, linked against the sim runtime (shoal::sim), which
#         also provides the CUDA runtime API; executables export their symbols
#         so diagnostics can name kernels.
# The platform library is linked PUBLIC: users of a library holding kernels
# need SHOAL_PLATFORM_SIM (shoal/launch.h) and the runtime as well.
# Kernel sources are identical on both platforms; see docs/sim.md.
#
# shoal_add_cuda_sources(<target> SIM_REWRITE <file.cu>...): for sources
# written for nvcc alone (NVSHMEM programs, CUDA samples): on sim each file is
# first rewritten by shoal-sim-rewrite.py (next to this file): `<<<...>>>`
# launches become shoal::launch calls and every non-template __global__
# function is registered, so cudaLaunchKernel / nvshmemx_collective_launch
# with a (const void*) kernel work too. Line numbers point at the original.
# No effect on cuda.
set(SHOAL_SIM_REWRITE_TOOL "${CMAKE_CURRENT_LIST_DIR}/shoal-sim-rewrite.py" CACHE INTERNAL
    "the sim platform's rewriter of CUDA launch syntax")
function(shoal_add_cuda_sources target)
  set(_files ${ARGN})
  set(_rewrite OFF)
  if(_files AND "${ARGV1}" STREQUAL "SIM_REWRITE")
    list(REMOVE_AT _files 0)
    set(_rewrite ON)
  endif()
  if(_rewrite AND SHOAL_PLATFORM STREQUAL "sim")
    find_program(SHOAL_PYTHON3 NAMES python3 REQUIRED)
    set(_out_files "")
    foreach(_f ${_files})
      get_filename_component(_abs ${_f} ABSOLUTE)
      get_filename_component(_name ${_f} NAME)
      get_filename_component(_dir ${_abs} DIRECTORY)
      set(_out ${CMAKE_CURRENT_BINARY_DIR}/shoal-sim-rewrite/${target}/${_name})
      add_custom_command(OUTPUT ${_out}
                         COMMAND ${SHOAL_PYTHON3} ${SHOAL_SIM_REWRITE_TOOL} ${_abs} ${_out}
                         DEPENDS ${_abs} ${SHOAL_SIM_REWRITE_TOOL}
                         COMMENT "shoal-sim-rewrite ${_name}" VERBATIM)
      set_property(SOURCE ${_out} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS "-iquote${_dir}")
      list(APPEND _out_files ${_out})
    endforeach()
    set(_files ${_out_files})
  endif()
  target_sources(${target} PRIVATE ${_files})
  # Inside shoal's build the sim runtime is `shoal_sim`; from an installed
  # package it is `shoal::shoal_sim`.
  if(TARGET shoal_sim)
    set(_shoal_sim_target shoal_sim)
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include)
  else()
    set(_shoal_sim_target shoal::shoal_sim)
  endif()
  if(SHOAL_PLATFORM STREQUAL "sim")
    if(NOT TARGET ${_shoal_sim_target})
      message(FATAL_ERROR "shoal_add_cuda_sources: the sim platform library is not defined "
                          "(inside shoal: add sim/ first; outside: find_package(shoal))")
    endif()
    set_source_files_properties(${_files} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CXX)
    target_link_libraries(${target} PUBLIC ${_shoal_sim_target})
    set_property(SOURCE ${_files} TARGET_DIRECTORY ${target} APPEND PROPERTY
                 COMPILE_OPTIONS "--include=shoal/sim/prelude.h")
    get_target_property(_type ${target} TYPE)
    if(_type STREQUAL "EXECUTABLE")
      set_target_properties(${target} PROPERTIES ENABLE_EXPORTS ON)
    endif()
  else()
    target_link_libraries(${target} PUBLIC CUDA::cudart)
    # shoal's headers need C++20 in device code too.
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20>)
  endif()
endfunction()
