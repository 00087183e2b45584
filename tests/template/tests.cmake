# Chat templates: Peng's Jinja interpreter (peng-cli template) against two
# reference renderers, byte for byte, on every conversation of
# conversations.json, for the official MiMo-V2.6 template and the reconstructed
# V2.5 one: @huggingface/jinja (npm) and Python's Jinja2 set up as transformers
# does. tests/template/setup.sh installs both; without them the tests fail and
# say so (they never skip silently). Included by tests/CMakeLists.txt.
find_program(PENG_NODE node)
set(PENG_TEMPLATE_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
foreach(template mimo-v2.6 mimo-v2.5)
  string(REPLACE "." "" template_id ${template})
  string(REPLACE "-" "_" template_id ${template_id})
  foreach(reference hf jinja2)
    set(test_name template_${reference}_${template_id})
    if(PENG_NODE)
      add_test(NAME ${test_name}
               COMMAND ${PENG_NODE} ${PENG_TEMPLATE_TEST_DIR}/compare.mjs
                       --cli $<TARGET_FILE:peng-cli>
                       --template ${PROJECT_SOURCE_DIR}/engine/text/templates/${template}.jinja
                       --conversations ${PENG_TEMPLATE_TEST_DIR}/conversations.json
                       --work ${CMAKE_CURRENT_BINARY_DIR}/${test_name}
                       --reference ${reference}
                       --python /usr/bin/python3)
    else()
      add_test(NAME ${test_name}
               COMMAND ${CMAKE_COMMAND} -E echo "FAIL: node not found; install nodejs and run tests/template/setup.sh")
      set_tests_properties(${test_name} PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL")
    endif()
    set_tests_properties(${test_name} PROPERTIES LABELS template TIMEOUT 300)
  endforeach()
endforeach()
