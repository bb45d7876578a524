# Installation: headers, libraries, plugins, tools, the CMake package
# (find_package(shoal) -> shoal::shoal) and a pkg-config file.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/shoal DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN "*.md" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/device/include/shoal/device DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/shoal)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/device/arch DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/shoal/internal/device)

if(TARGET shoal)
  install(EXPORT shoalTargets NAMESPACE shoal:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/shoal)
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/shoalConfig.cmake.in
    ${PROJECT_BINARY_DIR}/shoalConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/shoal)
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/shoalConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/shoalConfig.cmake ${PROJECT_BINARY_DIR}/shoalConfigVersion.cmake
          ${PROJECT_SOURCE_DIR}/cmake/ShoalCuda.cmake
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/shoal)
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/cmake/shoal-sim-rewrite.py DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/shoal)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/shoal.pc.in ${PROJECT_BINARY_DIR}/shoal.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/shoal.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
