// SPDX-License-Identifier: Apache-2.0
// The unit tests run on a large stack, as the hcl executable does (util/stack.h), so that
// nesting up to the parser's limit is tested in sanitizer builds too.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "util/stack.h"

int main(int argc, char** argv) {
  return hcl::util::run_with_stack([&] { return doctest::Context(argc, argv).run(); });
}
