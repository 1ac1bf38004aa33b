// SPDX-License-Identifier: Apache-2.0
// The library's version as macros, for code that must choose at compile time. The project's
// version in CMakeLists.txt is the one source: a test fails when these differ from it.
#pragma once

#define HCL_VERSION_MAJOR 0
#define HCL_VERSION_MINOR 1
#define HCL_VERSION_PATCH 0
#define HCL_VERSION_STRING "0.1.0"

// A number that grows with every release, for `#if HCL_VERSION_NUMBER >= HCL_VERSION_AT(0, 2, 0)`.
#define HCL_VERSION_AT(major, minor, patch) ((major)*10000 + (minor)*100 + (patch))
#define HCL_VERSION_NUMBER HCL_VERSION_AT(HCL_VERSION_MAJOR, HCL_VERSION_MINOR, HCL_VERSION_PATCH)
