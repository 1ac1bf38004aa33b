// SPDX-License-Identifier: Apache-2.0
// A translation unit of lex/ (level 3) including eval/ (level 6): it must not compile.
#include "eval/eval.h"
#include "lex/lexer.h"
