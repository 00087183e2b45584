# peng_module(NAME [PUBLIC module...] [PRIVATE module...]) makes the target
# peng_NAME from every source under engine/NAME/: a static library, or an
# INTERFACE one while the folder holds only headers. PUBLIC modules are those its
# headers include, PRIVATE those only its sources use. A module may name only
# modules declared before it, so the graph cannot form a cycle.
# Sources listed (relative to engine/) in PENG_SKIPPED_SOURCES are left out.
function(peng_module name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "PUBLIC;PRIVATE")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "peng_module(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif()
  get_property(declared GLOBAL PROPERTY PENG_MODULES)
  foreach(dep IN LISTS arg_PUBLIC arg_PRIVATE)
    if(NOT dep IN_LIST declared)
      message(FATAL_ERROR "peng_module(${name}): '${dep}' must be declared above it")
    endif()
  endforeach()
  list(TRANSFORM arg_PUBLIC PREPEND peng_)
  list(TRANSFORM arg_PRIVATE PREPEND peng_)

  set(engine_dir ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${engine_dir}/${name}/*.cpp ${engine_dir}/${name}/*.cu)
  foreach(skipped IN LISTS PENG_SKIPPED_SOURCES)
    list(REMOVE_ITEM sources ${engine_dir}/${skipped})
  endforeach()

  set(target peng_${name})
  if(sources)
    add_library(${target} STATIC ${sources})
    target_include_directories(${target} PUBLIC ${engine_dir})
    target_link_libraries(${target} PUBLIC ${arg_PUBLIC} PRIVATE ${arg_PRIVATE})
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    # Fixed-order float math everywhere: only the fused multiply-adds written out
    # (kernels/lane_order.h) may happen, whatever -march a build adds. MSVC's
    # default /fp:precise contracts nothing unless /fp:contract is given.
    target_compile_options(${target} PRIVATE
      $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU,Clang,AppleClang>>:-ffp-contract=off>)
    if(PENG_BUILD_FUZZERS)
      # Instrument the whole engine so the fuzzers see coverage inside it.
      target_compile_options(${target} PRIVATE
        $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link,address,undefined>
        $<$<COMPILE_LANGUAGE:CXX>:-fno-omit-frame-pointer>)
    endif()
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${engine_dir})
    target_link_libraries(${target} INTERFACE ${arg_PUBLIC} ${arg_PRIVATE})
  endif()
  set_property(GLOBAL APPEND PROPERTY PENG_MODULES ${name})
endfunction()
