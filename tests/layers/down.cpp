// SPDX-License-Identifier: Apache-2.0
// A translation unit of lex/ (level 3) including the stages below it: it compiles.
#include "diag/diagnostic.h"
#include "lex/lexer.h"
#include "source/source_file.h"
#include "util/text.h"
