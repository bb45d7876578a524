// The typed overloads nvcc's cuda_runtime.h adds for kernel pointers
// (hidden outside nvcc), so host code in .cu files reads the same on both
// platforms: cudaFuncSetAttribute(kernel, ...), cudaMemcpyToSymbol(var, ...).
#pragma once

#include <cuda_runtime_api.h>

template <class... P>
inline cudaError_t cudaFuncSetAttribute(void (*func)(P...), cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute(reinterpret_cast<const void*>(func), attr, value);
}
template <class... P>
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, void (*func)(P...)) {
  return ::cudaFuncGetAttributes(attr, reinterpret_cast<const void*>(func));
}
template <class... P>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, void (*func)(P...), int block_size,
                                                                 size_t dynamic_smem) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, reinterpret_cast<const void*>(func), block_size,
                                                         dynamic_smem);
}

template <class T>
inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol(static_cast<const void*>(&symbol), src, count, offset, kind);
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), count, offset, kind);
}
template <class T>
inline cudaError_t cudaGetSymbolAddress(void** dev, const T& symbol) {
  return ::cudaGetSymbolAddress(dev, static_cast<const void*>(&symbol));
}
