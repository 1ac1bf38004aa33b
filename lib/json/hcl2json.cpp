// SPDX-License-Identifier: Apache-2.0
#include "json/hcl2json.h"

#include <algorithm>
#include <span>
#include <vector>

#include "json/converter.h"

namespace hcl::json {

using detail::Converter;
using detail::Scratch;

void write_value(Writer& w, const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: w.raw("null"); return;
    case Value::Kind::Bool: w.raw(v.boolean ? "true" : "false"); return;
    case Value::Kind::Number: w.raw(v.text); return;
    case Value::Kind::String: w.string(v.text); return;
    case Value::Kind::Array:
      w.begin_array();
      for (const auto& item : v.items) write_value(w, item);
      w.end_array();
      return;
    case Value::Kind::Object: {
      std::vector<const Member*> order;
      for (const auto& m : v.members) order.push_back(&m);
      std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->first < b->first; });
      w.begin_object();
      for (size_t i = 0; i < order.size(); ++i) {
        if (i + 1 < order.size() && order[i + 1]->first == order[i]->first) continue;
        w.key(order[i]->first);
        write_value(w, order[i]->second);
      }
      w.end_object();
      return;
    }
  }
}

size_t output_size_hint(size_t input_size, bool pretty) {
  // On the corpus pretty output is about 2.2 times the input and compact 0.8; deep nesting makes
  // more. Capacity that is never written costs no memory, while outgrowing it copies everything.
  return pretty ? input_size * 3 : input_size * 5 / 4;
}

bool write_body(Writer& w, std::span<const BodyRef> bodies, const Options& options, diag::Diagnostics& diagnostics) {
  Scratch scratch;
  Converter c(w, options, diagnostics, scratch);
  return c.body(bodies);
}

ConvertResult convert_file(const syntax::SyntaxTree& tree, const Options& options) {
  ConvertResult r;
  r.text.reserve(output_size_hint(tree.source().size(), options.pretty));
  {
    Writer w(r.text, options.pretty);
    BodyRef ref{&tree, tree.root()};
    r.ok = write_body(w, std::span<const BodyRef>(&ref, 1), options, r.diagnostics);
  }
  if (!r.ok) r.text.clear();
  return r;
}

}  // namespace hcl::json
