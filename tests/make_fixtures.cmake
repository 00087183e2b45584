# Generates the test checkpoints: cmake -DCLI=peng-cli -DOUT=dir -P make_fixtures.cmake
# Always regenerated, so the fixtures follow the generator of this build.
foreach(spec "tiny;mxfp4;tiny-mxfp4" "tiny;fp8;tiny-fp8" "pro-tiny;mxfp4;pro-tiny")
  list(GET spec 0 preset)
  list(GET spec 1 format)
  list(GET spec 2 name)
  file(REMOVE_RECURSE ${OUT}/${name})
  execute_process(COMMAND ${CLI} make-model --preset ${preset} --format ${format} --out ${OUT}/${name}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "make-model --preset ${preset} --format ${format} failed (${rc})")
  endif()
endforeach()
