# The OpenAI-compatible server from outside: the official `openai` npm client
# (tests/server/setup.sh installs it) against `peng-cli serve` on a free loopback
# port, and a bounded load test (16+ clients for 60 s, some leaving mid-stream, some
# sending garbage) that reports its figures as JSON. Included by tests/CMakeLists.txt.
find_program(PENG_NODE node)
set(PENG_SERVER_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
if(PENG_SERVER)
  foreach(test openai_client load_test)
    set(test_name server_${test})
    if(PENG_NODE)
      add_test(NAME ${test_name}
               COMMAND ${PENG_NODE} ${PENG_SERVER_TEST_DIR}/${test}.mjs
                       --cli $<TARGET_FILE:peng-cli> --model ${PENG_FIXTURE_DIR}/tiny-mxfp4
                       --work ${CMAKE_CURRENT_BINARY_DIR}/${test_name})
    else()
      add_test(NAME ${test_name}
               COMMAND ${CMAKE_COMMAND} -E echo "FAIL: node not found; install nodejs and run tests/server/setup.sh")
      set_tests_properties(${test_name} PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL")
    endif()
    set_tests_properties(${test_name} PROPERTIES LABELS server FIXTURES_REQUIRED models TIMEOUT 300
                         ENVIRONMENT "OMP_WAIT_POLICY=passive")
  endforeach()
  # The load test measures the server's memory and latency: alone, not beside other tests.
  set_tests_properties(server_load_test PROPERTIES RUN_SERIAL TRUE)
endif()
