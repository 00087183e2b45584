# Qt Test suites for the desktop app (app/). Each tests/app/test_*.cpp is one
# executable linked against the app's library; they run offscreen.
if(TARGET peng_app)
  file(GLOB PENG_APP_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_*.cpp)
  foreach(test_source ${PENG_APP_TESTS})
    get_filename_component(test_name ${test_source} NAME_WE)
    set(test_name app_${test_name})
    # The "Get a model" controller and the app's QtNetwork transport talk to a fake Hub
    # (tests/unit/fake_hub.h, cpp-httplib).
    if(test_name MATCHES "^app_test_(model_downloader|download_)" AND NOT (TARGET peng_download AND TARGET peng_server))
      continue()
    endif()
    add_executable(${test_name} ${test_source})
    target_link_libraries(${test_name} PRIVATE peng_app peng_appplugin Qt6::Test)
    target_compile_definitions(${test_name} PRIVATE PENG_FIXTURE_DIR="${PENG_FIXTURE_DIR}")
    if(test_name MATCHES "^app_test_remote_")
      # The remote client's tests read recorded streams and start a real `peng-cli serve`.
      target_compile_definitions(${test_name} PRIVATE PENG_CLI_PATH="$<TARGET_FILE:peng-cli>"
                                 PENG_APP_TEST_DATA="${CMAKE_CURRENT_LIST_DIR}/data")
      add_dependencies(${test_name} peng-cli)
    endif()
    if(test_name MATCHES "^app_test_(model_downloader|download_)")
      target_link_libraries(${test_name} PRIVATE peng_server)
      target_include_directories(${test_name} PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../unit)
    endif()
    add_test(NAME ${test_name} COMMAND ${test_name})
    set_tests_properties(${test_name} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QUICK_BACKEND=software;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-app"
      FIXTURES_REQUIRED models
      TIMEOUT 300)
  endforeach()
  # Generates the Flash-shape stress demo (48 x 256 experts) on top of opening the trained one.
  set_tests_properties(app_test_demo_models PROPERTIES TIMEOUT 900)
  # The key store again, with a real Secret Service (gnome-keyring on a private bus).
  add_test(NAME app_test_remote_key_store_keyring
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/with_keyring.sh $<TARGET_FILE:app_test_remote_key_store>)
  set_tests_properties(app_test_remote_key_store_keyring PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    SKIP_RETURN_CODE 77
    TIMEOUT 300)
endif()

# The "Get a model" page mid-download under a real X server (the issue asks for xvfb);
# the offscreen run above takes the same screenshot. 77 = skipped (no xvfb-run).
if(TARGET app_test_model_downloader)
  add_test(NAME app_get_model_page_xvfb
    COMMAND bash -c "command -v xvfb-run >/dev/null || exit 77; exec xvfb-run -a -s '-screen 0 1600x1000x24' \"$0\" the_page_shows_progress_mid_download"
            $<TARGET_FILE:app_test_model_downloader>)
  set_tests_properties(app_get_model_page_xvfb PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=xcb;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-app"
    FIXTURES_REQUIRED models
    SKIP_RETURN_CODE 77
    TIMEOUT 300)
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
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QUICK_BACKEND=software;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-app"
    TIMEOUT 120)
endif()

# The xvfb smoke test: the real `peng` binary answers on the demo model under a
# real X server and its screenshot is checked (tests/app/smoke/).
if(TARGET peng)
  # --help and --version need no display (issue 19, case 14).
  add_test(NAME app_help_without_display
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/help_without_display.sh $<TARGET_FILE:peng>)
  set_tests_properties(app_help_without_display PROPERTIES TIMEOUT 120)
  # The crash handler in the real binary: a deliberate SIGSEGV leaves a report with a
  # stack trace, and the next start finds it (issue 24).
  add_test(NAME app_crash_report
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/crash/run_crash_test.sh $<TARGET_FILE:peng> ${CMAKE_CURRENT_BINARY_DIR}/app_crash)
  set_tests_properties(app_crash_report PROPERTIES TIMEOUT 300)
  add_executable(app_check_screenshot ${CMAKE_CURRENT_LIST_DIR}/smoke/check_screenshot.cpp)
  target_link_libraries(app_check_screenshot PRIVATE Qt6::Gui)
  add_test(NAME app_smoke_xvfb
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/smoke/run_smoke.sh $<TARGET_FILE:peng> $<TARGET_FILE:app_check_screenshot>
            ${CMAKE_CURRENT_BINARY_DIR}/app_smoke)
  set_tests_properties(app_smoke_xvfb PROPERTIES
    ENVIRONMENT "OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-app"
    SKIP_RETURN_CODE 77
    TIMEOUT 600)
  # The window as a screen reader sees it (issue 24): the real `peng --stress-demo` under Xvfb
  # with an AT-SPI bus, its tree read and its controls driven by key presses
  # (tests/app/a11y/). The demo checkpoint is made first: generating it inside the
  # test would eat most of its 90 s.
  set(PENG_A11Y_DEMO ${CMAKE_CURRENT_BINARY_DIR}/app_a11y_demo)
  add_test(NAME app_a11y_demo_model
    COMMAND bash -c "rm -rf \"$1\" && exec \"$0\" make-model --preset demo --out \"$1\""
            $<TARGET_FILE:peng-cli> ${PENG_A11Y_DEMO})
  set_tests_properties(app_a11y_demo_model PROPERTIES FIXTURES_SETUP a11y_demo TIMEOUT 300)
  add_test(NAME app_accessibility_atspi
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/a11y/run_atspi.sh $<TARGET_FILE:peng> ${CMAKE_CURRENT_BINARY_DIR}/app_a11y
            ${PENG_A11Y_DEMO})
  # RUN_SERIAL: its key presses and timeouts are real time; a loaded machine (ctest -j)
  # would make the demo model's loading eat its 85 s.
  set_tests_properties(app_accessibility_atspi PROPERTIES
    FIXTURES_REQUIRED a11y_demo
    RUN_SERIAL TRUE
    SKIP_RETURN_CODE 77
    TIMEOUT 120)
  # The same against a real `peng-cli serve`: the server backend's window (issue 22).
  add_executable(app_check_remote_screenshot ${CMAKE_CURRENT_LIST_DIR}/smoke/check_remote_screenshot.cpp)
  target_link_libraries(app_check_remote_screenshot PRIVATE Qt6::Gui Qt6::Network)
  add_test(NAME app_remote_smoke_xvfb
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/smoke/run_remote_smoke.sh $<TARGET_FILE:peng> $<TARGET_FILE:peng-cli>
            $<TARGET_FILE:app_check_remote_screenshot> ${PENG_FIXTURE_DIR}/tiny-mxfp4 ${CMAKE_CURRENT_BINARY_DIR}/app_remote_smoke)
  set_tests_properties(app_remote_smoke_xvfb PROPERTIES
    ENVIRONMENT "OMP_WAIT_POLICY=passive"
    FIXTURES_REQUIRED models
    SKIP_RETURN_CODE 77
    TIMEOUT 300)
endif()
