# Independent Python reference (tests/reference/README.md). Included by tests/CMakeLists.txt.
# Needs Debian's python3 with python3-numpy (and python3-torch for the self-test).
set(PENG_REFERENCE_PYTHON /usr/bin/python3 CACHE FILEPATH "Python with numpy and torch for the reference tests")
set(PENG_REFERENCE_DIR ${CMAKE_CURRENT_LIST_DIR})
set(PENG_REFERENCE_FIXTURES ${CMAKE_BINARY_DIR}/tests/fixtures)

execute_process(COMMAND ${PENG_REFERENCE_PYTHON} -c "import numpy, torch"
                RESULT_VARIABLE peng_reference_python_ok OUTPUT_QUIET ERROR_QUIET)
if(NOT peng_reference_python_ok EQUAL 0)
  message(WARNING "${PENG_REFERENCE_PYTHON} cannot import numpy and torch: the reference_* tests will fail "
                  "(apt-get install python3-numpy python3-torch)")
endif()

add_test(NAME reference_selftest
         COMMAND ${PENG_REFERENCE_PYTHON} ${PENG_REFERENCE_DIR}/selftest.py)
set_tests_properties(reference_selftest PROPERTIES LABELS reference TIMEOUT 600)

# Teacher-forced logits over 300 positions (past the 128-token window) and a
# 64-token greedy continuation, engine against reference, per fixture. The
# tolerance is 1e-5 of the logit range, tighter than the 1e-4 asked for: the
# engine sits near 2e-7, and 1e-5 still catches an epsilon of 1e-5 for 1e-6.
foreach(pair "tiny_mxfp4;tiny-mxfp4" "tiny_fp8;tiny-fp8" "pro_tiny;pro-tiny")
  list(GET pair 0 test_suffix)
  list(GET pair 1 fixture_dir)
  add_test(NAME reference_${test_suffix}
           COMMAND ${PENG_REFERENCE_PYTHON} ${PENG_REFERENCE_DIR}/compare_logits.py
                   ${PENG_REFERENCE_FIXTURES}/${fixture_dir}
                   --cli $<TARGET_FILE:peng-cli> --len 300 --ngen 64 --preset ${fixture_dir}
                   --tolerance 1e-5)
  set_tests_properties(reference_${test_suffix} PROPERTIES
                       FIXTURES_REQUIRED models LABELS reference TIMEOUT 1800
                       ENVIRONMENT "OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/tests/xdg")
endforeach()
