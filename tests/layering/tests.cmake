# engine_layering: every #include of engine/ and app/ follows the module graph of
# engine/modules.cmake, and every engine source is compiled without float
# contraction (read from this build's compile_commands.json). It first proves on
# planted violations that the check fails. Included by tests/CMakeLists.txt.
set(PENG_LAYERING_PYTHON python3)
if(Python3_Interpreter_FOUND)
  set(PENG_LAYERING_PYTHON ${Python3_EXECUTABLE})
else()
  message(WARNING "Python 3 not found: the engine_layering test will fail")
endif()
add_test(NAME engine_layering
         COMMAND ${PENG_LAYERING_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_layering.py --self-test
                 --compile-commands ${PROJECT_BINARY_DIR}/compile_commands.json ${PROJECT_SOURCE_DIR})
