// SPDX-License-Identifier: Apache-2.0
// Functions that only some dialects offer (dialect.cpp decides which): the tools' own additions
// to the standard library.
#pragma once

#include <ctime>

#include "funcs/library.h"

namespace hcl::funcs {

// templatestring, base64gzip, bcrypt, plantimestamp, ephemeralasnull (terraform.cpp).
void add_terraform_functions(cty::FunctionTable& table, const FileAccess& access);
// base64gunzip, cidrcontains, urldecode (terraform.cpp).
void add_opentofu_functions(cty::FunctionTable& table);
// provider::NS::NAME(...): unknown, since the providers are not at hand (terraform.cpp).
void add_provider_namespace(cty::FunctionTable& table);
// rsadecrypt (rsadecrypt.cpp).
void add_rsadecrypt_function(cty::FunctionTable& table);
// regex_replace (regex.cpp).
void add_regex_replace_function(cty::FunctionTable& table);
// legacy_isotime, legacy_strftime, uuidv4, and the secret-store functions that refuse
// (packer.cpp).
void add_packer_functions(cty::FunctionTable& table);
// rfc3339_parse, unix_timestamp_parse (datetime.cpp).
void add_packer_time_functions(cty::FunctionTable& table);
// strlen, uuidv4 (packer.cpp).
void add_nomad_functions(cty::FunctionTable& table);
// The time of this run as Go's time.Time fields in UTC, fixed at the first call, so that every
// call in one run agrees (Terraform's plantimestamp, Packer's legacy_isotime).
std::tm run_time();

}  // namespace hcl::funcs
