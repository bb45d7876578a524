# Common compile options for project targets.
#   shoal_project_options(<target>)
# Sets C++20 for host code (and nvcc), warnings (errors with SHOAL_WERROR) and
# sanitizers (SHOAL_SANITIZE).

set(SHOAL_CCCL_INCLUDE_DIR "")
foreach(_inc ${CUDAToolkit_INCLUDE_DIRS})
  if(EXISTS "${_inc}/cccl/cuda/atomic")
    set(SHOAL_CCCL_INCLUDE_DIR "${_inc}/cccl")
  endif()
endforeach()

set(SHOAL_SANITIZE_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)

function(shoal_project_options target)
  target_compile_features(${target} PRIVATE cxx_std_20)
  set(_warn -Wall -Wextra -Wshadow=local -Wno-unused-parameter)
  if(SHOAL_WERROR)
    list(APPEND _warn -Werror)
  endif()
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX,C>:${_warn}>
    $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20 --expt-relaxed-constexpr -Xcompiler=-Wall,-Wextra,-Wno-unused-parameter>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${SHOAL_WERROR}>>:-Werror=all-warnings -Xcompiler=-Werror>)
  if(SHOAL_SANITIZE)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX,C>:${SHOAL_SANITIZE_FLAGS}>)
    target_link_options(${target} PRIVATE ${SHOAL_SANITIZE_FLAGS})
  endif()
endfunction()

# Interface target carrying the sanitizer link flags to consumers inside the
# build tree (tests link against sanitized libraries).
add_library(shoal_sanitize INTERFACE)
install(TARGETS shoal_sanitize EXPORT shoalTargets)
if(SHOAL_SANITIZE)
  target_compile_options(shoal_sanitize INTERFACE $<$<COMPILE_LANGUAGE:CXX,C>:${SHOAL_SANITIZE_FLAGS}>)
  target_link_options(shoal_sanitize INTERFACE ${SHOAL_SANITIZE_FLAGS})
endif()
