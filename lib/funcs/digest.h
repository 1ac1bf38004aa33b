// SPDX-License-Identifier: Apache-2.0
// Message digests shared by the string hashing functions (md5, sha256, ...), the file digests
// (filemd5, ...) and uuidv5.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hcl::funcs {

enum class DigestAlgorithm { MD5, SHA1, SHA256, SHA512 };

// The raw digest bytes of `data`.
std::string digest(DigestAlgorithm algorithm, std::string_view data);

// `size` bytes from the kernel's random source (Go's crypto/rand); false if it fails.
bool random_bytes(unsigned char* out, size_t size);

// Bytes as lowercase hexadecimal, two digits per byte (Go's hex.EncodeToString).
std::string hex_lower(std::string_view bytes);

}  // namespace hcl::funcs
