# SPDX-License-Identifier: Apache-2.0
# The targets lib/CMakeLists.txt links, for the WebAssembly build: static archives and headers
# under HCL_WASM_PREFIX (packaging/wasm_deps.sh builds them), fmt and nlohmann_json header-only.
# They carry the names the native build gets from find_package and pkg-config, so that the
# library's own CMake is the same for both.
set(HCL_WASM_PREFIX "" CACHE PATH "Dependencies built for WebAssembly (packaging/wasm_deps.sh)")
if(NOT EXISTS "${HCL_WASM_PREFIX}/include/gmp.h")
  message(FATAL_ERROR "HCL_WASM_PREFIX (${HCL_WASM_PREFIX}) holds no dependencies: packaging/wasm_deps.sh builds them")
endif()
add_library(fmt::fmt INTERFACE IMPORTED)
target_include_directories(fmt::fmt INTERFACE ${HCL_WASM_PREFIX}/include)
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY=1)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${HCL_WASM_PREFIX}/include)
add_library(Threads::Threads INTERFACE IMPORTED)
foreach(dep GMP:gmp MPFR:mpfr UTF8PROC:utf8proc RE2:re2 NETTLE:nettle HOGWEED:hogweed LIBYAML:yaml ZLIB:z)
  string(REPLACE ":" ";" dep ${dep})
  list(GET dep 0 name)
  list(GET dep 1 lib)
  add_library(PkgConfig::${name} STATIC IMPORTED)
  set_target_properties(PkgConfig::${name} PROPERTIES IMPORTED_LOCATION ${HCL_WASM_PREFIX}/lib/lib${lib}.a
                        INTERFACE_INCLUDE_DIRECTORIES ${HCL_WASM_PREFIX}/include)
endforeach()
# MPFR and hogweed call GMP: it comes after them on the link line.
set_property(TARGET PkgConfig::MPFR PkgConfig::HOGWEED APPEND PROPERTY INTERFACE_LINK_LIBRARIES PkgConfig::GMP)
set_property(TARGET PkgConfig::HOGWEED APPEND PROPERTY INTERFACE_LINK_LIBRARIES PkgConfig::NETTLE)
