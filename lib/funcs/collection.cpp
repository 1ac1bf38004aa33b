// Collection functions.
#include "eval/text.h"
#include "funcs/library.h"

namespace hcl::funcs {

void add_collection_functions(FunctionTable& table) {
  // Terraform's length (cty's own rejects strings and structural values): the characters
  // (grapheme clusters) of a string, or the elements of a collection or structural value.
  table.add({
      .name = "length",
      .description = "Returns the number of characters in a string, or of elements in a collection or structural value.",
      .params = {Param{.name = "value", .allow_dynamic = true}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_string() || t.is_collection() || t.is_structural() || t.is_dynamic()) return Type::number();
        return fail_call("argument must be a string, a collection type, or a structural type");
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Value& v = args[0];
        const Type& t = v.type();
        if (t.is_string()) return Value::number(static_cast<int64_t>(eval::grapheme_length(v.as_string())));
        if (t.is_tuple()) return Value::number(static_cast<int64_t>(t.tuple_elements().size()));
        if (t.is_object()) return Value::number(static_cast<int64_t>(t.attributes().size()));
        if (!v.is_known()) return Value::unknown(Type::number());
        return Value::number(static_cast<int64_t>(v.length()));
      },
  });
}

}  // namespace hcl::funcs
