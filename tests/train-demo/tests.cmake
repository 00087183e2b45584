# The trained demo's pipeline (tools/train-demo, issue 25) and peng-cli eval.
# Python with numpy, torch and regex: Debian's python3-numpy, python3-torch, python3-regex.
if(NOT DEFINED PENG_REFERENCE_PYTHON)
  set(PENG_REFERENCE_PYTHON /usr/bin/python3)
endif()
set(PENG_TRAIN_DEMO_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})

# data -> tokenizer -> training (straight and resumed) -> export -> inspect -> torch,
# engine and eval against the reference, at toy scale; about a minute on 2 cores.
add_test(NAME train_demo_pipeline
         COMMAND ${PENG_REFERENCE_PYTHON} ${PENG_TRAIN_DEMO_TEST_DIR}/pipeline_test.py --cli $<TARGET_FILE:peng-cli>)
set_tests_properties(train_demo_pipeline PROPERTIES LABELS "reference;train-demo" TIMEOUT 180
                     ENVIRONMENT "OMP_NUM_THREADS=1;OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/tests/xdg")

# peng-cli eval's NLL and token counts against the reference's log-probs on a fixture.
add_test(NAME peng_cli_eval_reference
         COMMAND ${PENG_REFERENCE_PYTHON} ${PENG_TRAIN_DEMO_TEST_DIR}/eval_check.py
                 ${PENG_REFERENCE_FIXTURES}/tiny-mxfp4 --cli $<TARGET_FILE:peng-cli>)
set_tests_properties(peng_cli_eval_reference PROPERTIES FIXTURES_REQUIRED models LABELS reference TIMEOUT 300
                     ENVIRONMENT "OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/tests/xdg")

# The trained demo as shipped (resources/trained-demo): its files against SHA256SUMS,
# held-out perplexity against the issue's target and the recorded value, and
# `make-model --preset trained` giving a byte-identical copy.
add_test(NAME trained_demo_checks
         COMMAND ${PENG_REFERENCE_PYTHON} ${PENG_TRAIN_DEMO_TEST_DIR}/trained_demo_check.py --cli $<TARGET_FILE:peng-cli>)
set_tests_properties(trained_demo_checks PROPERTIES LABELS "train-demo" TIMEOUT 600
                     ENVIRONMENT "OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/tests/xdg")

# The shipped checkpoint against the float64 reference, as every fixture is: teacher-
# forced logits past the 128-token window and a greedy continuation.
add_test(NAME reference_trained_demo
         COMMAND ${PENG_REFERENCE_PYTHON} ${PROJECT_SOURCE_DIR}/tests/reference/compare_logits.py
                 ${PROJECT_SOURCE_DIR}/resources/trained-demo --cli $<TARGET_FILE:peng-cli>
                 --len 200 --ngen 32 --preset trained-demo --tolerance 1e-5)
set_tests_properties(reference_trained_demo PROPERTIES LABELS reference TIMEOUT 1800
                     ENVIRONMENT "OMP_WAIT_POLICY=passive;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/tests/xdg")
