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
function(shoal_add_cuda_sources target)
  target_sources(${target} PRIVATE ${ARGN})
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
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CXX)
    target_link_libraries(${target} PUBLIC ${_shoal_sim_target})
    set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} APPEND PROPERTY
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
