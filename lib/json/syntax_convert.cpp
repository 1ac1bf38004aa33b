// SPDX-License-Identifier: Apache-2.0
#include "json/syntax_convert.h"

#include "body/json_body.h"
#include "json/evaluator.h"

namespace hcl::json {

ConvertResult convert_json_syntax(std::shared_ptr<const jsonsyntax::Document> doc, const Options& options,
                                  std::shared_ptr<const eval::Scope> scope, size_t base_level) {
  ConvertResult out;
  body::Attributes attrs = body::json_body(doc)->just_attributes(out.diagnostics);
  if (diag::has_errors(out.diagnostics)) return out;
  Value root;
  root.kind = Value::Kind::Object;
  for (const auto& a : attrs.items) {
    std::optional<cty::Value> v;
    if (scope) {
      diag::Diagnostics d;
      cty::Value full = a.expr->value(scope.get(), d);
      std::string why;
      if (!diag::has_errors(d) && from_eval(full, why)) {
        v = std::move(full);
      } else if (options.strict) {
        if (!diag::has_errors(d)) {
          d.push_back(diag::Diagnostic{diag::Severity::Error, "Result has no JSON form",
                                       "The value of " + a.name + " has no JSON form: " + why + ".", a.expr->range(),
                                       std::nullopt});
        }
        diag::append(out.diagnostics, std::move(d));
        continue;
      }
    }
    if (!v) {
      diag::Diagnostics d;
      v = a.expr->value(nullptr, d);
      if (diag::has_errors(d)) {
        diag::append(out.diagnostics, std::move(d));
        continue;
      }
    }
    std::string why;
    auto j = from_eval(*v, why);
    if (!j) {
      out.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Result has no JSON form",
                                                 "The value of " + a.name + " has no JSON form: " + why + ".",
                                                 a.expr->range(), std::nullopt});
      continue;
    }
    root.members.push_back(Member{a.name, std::move(*j)});
  }
  if (diag::has_errors(out.diagnostics)) return out;
  out.text.reserve(output_size_hint(doc->source().size(), options.pretty));
  {
    Writer w(out.text, options.pretty, 4, base_level);
    write_value(w, root);
  }
  out.ok = true;
  return out;
}

}  // namespace hcl::json
