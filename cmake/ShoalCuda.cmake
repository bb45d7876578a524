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
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include)
  if(SHOAL_PLATFORM STREQUAL "sim")
    if(NOT TARGET shoal_sim)
      message(FATAL_ERROR "shoal_add_cuda_sources: the sim platform library (sim/) is not defined yet")
    endif()
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CXX)
    target_link_libraries(${target} PUBLIC shoal_sim)
    set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} APPEND PROPERTY
                 COMPILE_OPTIONS "--include=shoal/sim/prelude.h")
    get_target_property(_type ${target} TYPE)
    if(_type STREQUAL "EXECUTABLE")
      set_target_properties(${target} PROPERTIES ENABLE_EXPORTS ON)
    endif()
  else()
    target_link_libraries(${target} PUBLIC CUDA::cudart)
  endif()
endfunction()
