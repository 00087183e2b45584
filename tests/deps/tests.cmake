# tools/install-deps.sh's app profile (what tools/run-demo.sh installs) against what this
# build's configure, the `peng` build and the app's run time read from Debian packages
# (issue 45; check_app_profile.py says how). 77 = it cannot check here (no dpkg, peng
# not built).
if(TARGET peng AND Python3_Interpreter_FOUND)
  add_test(NAME install_deps_app_profile
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_app_profile.py ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR})
  set_tests_properties(install_deps_app_profile PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
