# Peng's tokenizer against an independent JS implementation on the real Qwen3
# tokenizer.json, over every string of corpus.jsonl. Needs node and the npm
# packages that tests/tokenizer/setup.sh installs; without them the test fails
# and says so (it never skips silently).
find_program(PENG_NODE node)
if(PENG_NODE)
  add_test(NAME tokenizer_reference
           COMMAND ${PENG_NODE} ${CMAKE_CURRENT_LIST_DIR}/check.mjs
                   --cli $<TARGET_FILE:peng-cli>
                   --corpus ${CMAKE_CURRENT_LIST_DIR}/corpus.jsonl
                   --work ${CMAKE_CURRENT_BINARY_DIR}/tokenizer_reference)
else()
  add_test(NAME tokenizer_reference
           COMMAND ${CMAKE_COMMAND} -E echo "FAIL: node not found; install nodejs and run tests/tokenizer/setup.sh")
  set_tests_properties(tokenizer_reference PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL")
endif()
set_tests_properties(tokenizer_reference PROPERTIES LABELS tokenizer TIMEOUT 300)
