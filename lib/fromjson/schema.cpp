// SPDX-License-Identifier: Apache-2.0
#include "fromjson/schema.h"

#include <vector>

namespace hcl::fromjson {

const BlockType* Schema::block(std::string_view name) const {
  auto it = blocks.find(name);
  return it == blocks.end() ? nullptr : &it->second;
}

AttrMode Schema::attribute(std::string_view name) const {
  auto it = attributes.find(name);
  return it == attributes.end() ? AttrMode::Template : it->second;
}

namespace {

class SchemaText {
 public:
  explicit SchemaText(std::string_view text) : text_(text) {}

  std::shared_ptr<Schema> body() {
    auto schema = std::make_shared<Schema>();
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] == '}') return schema;
      if (text_[pos_] == '*') {
        schema->open = true;
        ++pos_;
        continue;
      }
      size_t start = pos_;
      while (pos_ < text_.size() && std::string_view(":{}!$*, ").find(text_[pos_]) == std::string_view::npos) ++pos_;
      std::string name(text_.substr(start, pos_ - start));
      if (pos_ < text_.size() && text_[pos_] == '!') {
        schema->attributes[name] = AttrMode::Expression;
        ++pos_;
      } else if (pos_ < text_.size() && text_[pos_] == '$') {
        schema->attributes[name] = AttrMode::Literal;
        ++pos_;
      } else {
        BlockType type;
        if (pos_ < text_.size() && text_[pos_] == ':') {
          ++pos_;
          while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
            type.labels = type.labels * 10 + static_cast<uint32_t>(text_[pos_++] - '0');
        }
        if (pos_ < text_.size() && text_[pos_] == '{') {
          ++pos_;
          type.body = body();
          ++pos_;  // '}'
        } else {
          schema->attributes[name] = AttrMode::Template;  // a name alone: documentation only
          continue;
        }
        schema->blocks[name] = std::move(type);
      }
    }
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == ',' || text_[pos_] == '\n')) ++pos_;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// The bodies of Terraform's resources, data sources and providers belong to the providers: their
// nested blocks are found by shape, apart from the meta-arguments Terraform itself reads.
std::string terraform_text() {
  const std::string dynamic = "dynamic:1{labels content{*}}";
  const std::string provisioner = "provisioner:1{when! on_failure! connection{*} " + dynamic + " *} connection{*}";
  const std::string resource =
      "{count for_each provider! depends_on! lifecycle{ignore_changes! replace_triggered_by! "
      "precondition{} postcondition{}} " +
      provisioner + " " + dynamic + " *}";
  return "resource:2" + resource + " data:2" + resource + " ephemeral:2" + resource +
         " module:1{providers! depends_on!} provider:1{" + dynamic +
         " *} variable:1{type! default$ validation{}} output:1{depends_on! precondition{}} locals{} "
         "terraform{experiments! required_providers{} backend:1{*} cloud{workspaces{}} provider_meta:1{*}} "
         "moved{from! to!} import{to! provider!} removed{from! lifecycle{} " +
         provisioner + "} check:1{data:2" + resource + " assert{}}";
}

// Packer's HCL2 templates: builders, provisioners and post-processors belong to their plugins.
constexpr std::string_view kPacker =
    "source:2{*} data:2{*} variable:1{type! validation{}} variables{} locals{} local:1{} "
    "packer{required_plugins{}} "
    "build{source:1{*} provisioner:1{*} error-cleanup-provisioner:1{*} post-processor:1{*} "
    "post-processors{post-processor:1{*}} hcp_packer_registry{bucket_labels{} build_labels{}} dynamic:1{content{*}}}";

// Nomad's job specification (jobspec2): the blocks of a job, its groups and tasks.
constexpr std::string_view kNomad =
    "variable:1{type! validation{}} variables{} locals{} "
    "job:1{constraint{} affinity{} spread{target:1{}} update{} periodic{} parameterized{} "
    "multiregion{strategy{} region:1{meta{}}} migrate{} reschedule{} vault{} meta{} ui{link{}} consul{} "
    "group:1{constraint{} affinity{} spread{target:1{}} update{} migrate{} reschedule{} restart{} "
    "ephemeral_disk{} disconnect{} max_client_disconnect meta{} consul{} scaling{policy{*}} "
    "network{port:1{} dns{}} volume:1{mount_options{}} "
    "service{check{check_restart{} header{}} connect{sidecar_service{proxy{upstreams{*} expose{path{}} config{*}}} "
    "sidecar_task{config{*} resources{} logs{}} gateway{*} native} tagged_addresses{} meta{} identity{}} "
    "task:1{constraint{} affinity{} spread{target:1{}} config{*} env{} meta{} resources{device:1{} numa{}} "
    "template{change_script{}} artifact{options{} headers{}} logs{} vault{} identity{} lifecycle{} "
    "dispatch_payload{} csi_plugin{} restart{} volume_mount{} scaling:1{policy{*}} consul{} "
    "service{check{check_restart{} header{}} tagged_addresses{} meta{} identity{}} kill_signal}} "
    "task:1{config{*} env{} meta{} resources{} template{} artifact{} logs{}}}";

// Blocks found by shape in Terraform's open bodies may hold `dynamic` blocks too.
void set_shape_body(Schema& schema, const Schema* shape_body) {
  if (schema.open) schema.shape_body = shape_body;
  for (auto& [name, type] : schema.blocks)
    if (type.body) set_shape_body(const_cast<Schema&>(*type.body), shape_body);
}

}  // namespace

std::shared_ptr<const Schema> parse_schema(std::string_view text) { return SchemaText(text).body(); }

std::shared_ptr<const Schema> dialect_schema(funcs::Dialect dialect) {
  switch (dialect) {
    case funcs::Dialect::Terraform:
    case funcs::Dialect::OpenTofu: {
      static const auto schema = [] {
        static const auto nested = SchemaText("dynamic:1{labels content{*}} *").body();
        auto s = SchemaText(terraform_text()).body();
        set_shape_body(*s, nested.get());
        set_shape_body(*nested, nested.get());
        return s;
      }();
      return schema;
    }
    case funcs::Dialect::Packer: {
      static const auto schema = parse_schema(kPacker);
      return schema;
    }
    case funcs::Dialect::Nomad: {
      static const auto schema = parse_schema(kNomad);
      return schema;
    }
    case funcs::Dialect::Hcl: break;
  }
  return nullptr;
}

namespace {

// Adds what `spec` reads from one body to `schema`: its block specs become block types, whose
// nested specs describe their bodies. Attributes are templates, as hcldec reads them.
void add_spec(const dec::Spec& spec, Schema& schema, int depth) {
  if (depth > 64) return;  // a spec nests blocks only as deep as its file, which its parser bounds
  if (spec.is_block_spec()) {
    for (const auto& header : spec.block_header_schemata()) {
      BlockType type;
      type.labels = static_cast<uint32_t>(header.label_names.size());
      auto body = std::make_shared<Schema>();
      if (const dec::Spec* nested = spec.nested_spec()) add_spec(*nested, *body, depth + 1);
      if (dynamic_cast<const dec::BlockAttrsSpec*>(&spec) == nullptr && !spec.nested_spec()) body->open = true;
      type.body = std::move(body);
      schema.blocks[header.type] = std::move(type);
    }
  }
  spec.visit_same_body_children([&](const dec::Spec& child) { add_spec(child, schema, depth); });
}

}  // namespace

std::shared_ptr<const Schema> spec_schema(const dec::Spec& root) {
  auto schema = std::make_shared<Schema>();
  add_spec(root, *schema, 0);
  return schema;
}

}  // namespace hcl::fromjson
