# Qt Test suites for the desktop app (app/). Each tests/app/test_*.cpp is one
# executable linked against the app's library; they run offscreen.
if(TARGET peng_app)
  file(GLOB PENG_APP_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_*.cpp)
  foreach(test_source ${PENG_APP_TESTS})
    get_filename_component(test_name ${test_source} NAME_WE)
    set(test_name app_${test_name})
    add_executable(${test_name} ${test_source})
    target_link_libraries(${test_name} PRIVATE peng_app peng_appplugin Qt6::Test)
    target_compile_definitions(${test_name} PRIVATE PENG_FIXTURE_DIR="${PENG_FIXTURE_DIR}")
    add_test(NAME ${test_name} COMMAND ${test_name})
    set_tests_properties(${test_name} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QUICK_BACKEND=software"
      FIXTURES_REQUIRED models
      TIMEOUT 300)
  endforeach()
endif()

# QML component tests (tests/app/quick/tst_*.qml), run with Qt Quick Test against
# the statically linked Peng module.
if(TARGET peng_app)
  find_package(Qt6 6.4 REQUIRED COMPONENTS QuickTest)
  add_executable(app_qml_tests ${CMAKE_CURRENT_LIST_DIR}/quick/qml_tests.cpp)
  set_target_properties(app_qml_tests PROPERTIES AUTOMOC ON)
  target_link_libraries(app_qml_tests PRIVATE peng_app peng_appplugin Qt6::QuickTest)
  add_test(NAME app_qml_tests COMMAND app_qml_tests -input ${CMAKE_CURRENT_LIST_DIR}/quick)
  set_tests_properties(app_qml_tests PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QUICK_BACKEND=software"
    TIMEOUT 120)
endif()
