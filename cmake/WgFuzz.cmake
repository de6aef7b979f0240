# WG_FUZZ: every translation unit instrumented for libFuzzer (coverage, no main) and checked by
# AddressSanitizer and clang's UndefinedBehaviorSanitizer, float-cast-overflow included (GCC's
# UBSan lacks it: a JSON 1e40 cast to an integer passes there). Any sanitizer report aborts, so
# that libFuzzer records the input. The targets themselves link with -fsanitize=fuzzer
# (fuzz/CMakeLists.txt).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "WG_FUZZ needs clang (libFuzzer): configure with CMAKE_CXX_COMPILER=clang++ "
                      "(scripts/build fuzz does)")
endif()
if(WG_SANITIZE)
  message(FATAL_ERROR "WG_FUZZ already turns the sanitizers on: leave WG_SANITIZE off")
endif()
set(WG_FUZZ_SANITIZERS address,undefined,float-cast-overflow)
add_compile_options(-fsanitize=${WG_FUZZ_SANITIZERS} -fno-sanitize-recover=all
                    -fsanitize=fuzzer-no-link -fno-omit-frame-pointer)
add_link_options(-fsanitize=${WG_FUZZ_SANITIZERS})
