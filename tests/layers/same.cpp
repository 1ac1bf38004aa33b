// SPDX-License-Identifier: Apache-2.0
// A translation unit of lex/ (level 3) including cty/, on the same level: it must not compile.
#include "cty/value.h"
#include "lex/lexer.h"
