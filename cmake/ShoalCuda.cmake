# shoal_add_cuda_sources(<target> <file.cu>...)
#
# Adds CUDA sources to a target for the configured platform:
#   cuda: compiled by nvcc (relocatable device code where the target asks for it);
#   sim:  compiled by the host C++ compiler as C++ with the sim prelude
#         force-included, linked against the sim runtime (shoal_sim).
# Kernel sources are identical on both platforms; see docs/sim.md.
function(shoal_add_cuda_sources target)
  target_sources(${target} PRIVATE ${ARGN})
  if(SHOAL_PLATFORM STREQUAL "sim")
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CXX)
    if(TARGET shoal_sim)
      target_link_libraries(${target} PRIVATE shoal_sim)
      set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} APPEND PROPERTY
                   COMPILE_OPTIONS "SHELL:-include shoal/sim/prelude.h")
    endif()
  endif()
endfunction()
