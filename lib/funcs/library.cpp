// SPDX-License-Identifier: Apache-2.0
#include "funcs/library.h"

namespace hcl::funcs {

using namespace cty;

FunctionTable standard_functions() {
  FunctionTable table;
  add_lang_functions(table);
  add_conversion_functions(table);
  add_string_functions(table);
  add_regex_functions(table);
  add_format_functions(table);
  add_encoding_functions(table);
  add_hashing_functions(table);
  add_datetime_functions(table);
  add_yaml_functions(table);
  add_collection_functions(table);
  add_numeric_functions(table);
  add_sequence_functions(table);
  add_set_functions(table);
  add_network_functions(table);
  add_filesystem_functions(table);
  add_sensitivity_functions(table);
  return table;
}

}  // namespace hcl::funcs
