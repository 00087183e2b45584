# The Windows installer's staging scripts (packaging/windows/), checked on made-up
# inputs: they need no Qt for Windows. 77 = skipped (no mingw-w64).
add_test(NAME windows_collect_dlls COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_collect_dlls.sh)
set_tests_properties(windows_collect_dlls PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
if(Python3_Interpreter_FOUND)
  add_test(NAME windows_copy_qml_modules COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_copy_qml_modules.py)
  set_tests_properties(windows_copy_qml_modules PROPERTIES TIMEOUT 60)
endif()
