#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a large Terraform configuration in the JSON syntax (.tf.json), for the benchmarks of
memory on big JSON-syntax files (never committed).

usage: gen_tfjson.py SHAPE COUNT OUT
shapes:
  small  COUNT one-line resources of a few attributes (about 60 bytes each: 200,000 make 12 MB),
         the shape machine-written .tf.json files (CDK for Terraform, generators) take
  rich   COUNT pretty-printed resources with nested objects, arrays, templates, escapes and text
         outside ASCII (about 600 bytes each)

The output is deterministic (a fixed seed) and valid: `hcl validate` accepts it, and names never
repeat within an object.
"""
import json
import random
import sys


def small(rng, i):
    return f'"r{i}": {{"count": {rng.randint(1, 9)}, "ami": "ami-{rng.getrandbits(24):06x}", "az": "{"abc"[i % 3]}"}}'


def rich(rng, i):
    body = {
        "ami": f"ami-{rng.getrandbits(32):08x}",
        "instance_type": "${var.instance_types[%d]}" % (i % 7),
        "count": rng.randint(1, 9),
        "subnet_id": "${aws_subnet.main[count.index % 3].id}",
        "monitoring": i % 2 == 0,
        "user_data": "#!/bin/sh\necho \"héllo ${var.env}\"\t# 👍🏽\n",
        "tags": {"Name": f"web-${{var.env}}-{i}", "Environment": "${var.env}", "Owner": "équipe ✓"},
        "ports": [22, 80, 443, 8080 + i % 100],
        "lifecycle": [{"create_before_destroy": True, "ignore_changes": ["tags", "ami"]}],
        "//": None,
    }
    text = json.dumps({f"web_{i}": body}, indent=2, ensure_ascii=i % 3 == 0)
    return "\n".join("    " + line for line in text[1:-1].strip("\n").split("\n"))


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("small", "rich"):
        sys.exit(__doc__)
    shape, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(16)
    with open(out, "w", encoding="utf-8") as o:
        if shape == "small":
            o.write('{"resource": {"aws_instance": {\n')
            o.write(",\n".join("  " + small(rng, i) for i in range(count)))
            o.write("\n}}}\n")
        else:
            o.write('{\n  "resource": {\n    "aws_instance": {\n')
            o.write(",\n".join(rich(rng, i) for i in range(count)))
            o.write('\n    }\n  },\n  "variable": {"env": {"default": "prod"}}\n}\n')


if __name__ == "__main__":
    main()
