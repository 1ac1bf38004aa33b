#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a JSON document shaped like `terraform show -json`'s plan output, for benchmarks.

usage: gen_plan.py plan OUT.json [RESOURCES]   (default 120000 resources, about 34 MiB)
       gen_plan.py xs OUT.json [COUNT]         ({"xs": [0, 1, ... COUNT-1]}, default 1000000)

The plan has the usual top-level members (format_version, terraform_version, variables,
planned_values, resource_changes, configuration); the bulk is resource_changes, one object per
resource with an address, type, provider and a change holding before/after objects of varied
shapes: numbers (integers and decimals), strings, bools, nulls, nested lists and maps. The output
is deterministic (a fixed seed), so runs are comparable.
"""
import json
import random
import sys

TYPES = ["aws_instance", "aws_s3_bucket", "aws_security_group", "google_compute_disk", "azurerm_vm"]


def resource(i, rnd):
    rtype = TYPES[i % len(TYPES)]
    name = "r%d" % i
    after = {
        "ami": "ami-%06x" % rnd.getrandbits(24),
        "size": rnd.randrange(0, 1000),
        "ebs_optimized": None if i % 4 else bool(i % 8),
        "price": round(rnd.random() * 10, 3),
        "tags": {"env": ("prod", "dev", "staging")[i % 3]},
        "ports": [rnd.randrange(1, 65536) for _ in range(i % 3)],
    }
    if i % 50 == 0:
        after["user_data"] = "#!/bin/sh\necho \"hello %d\"\n" % i
    return {
        "address": "%s.%s" % (rtype, name),
        "type": rtype,
        "name": name,
        "provider_name": "hashicorp/" + rtype.split("_")[0],
        "change": {
            "actions": ["create"] if i % 5 else ["update"],
            "before": None,
            "after": after,
            "after_unknown": {"id": True},
        },
    }


def plan(count):
    rnd = random.Random(16)
    changes = [resource(i, rnd) for i in range(count)]
    return {
        "format_version": "1.2",
        "terraform_version": "1.9.5",
        "variables": {"region": {"value": "eu-west-1"}},
        "planned_values": {"root_module": {"resources": []}},
        "resource_changes": changes,
        "configuration": {"provider_config": {"aws": {"name": "aws", "expressions": {"region": {"constant_value": "eu-west-1"}}}}},
    }


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("plan", "xs"):
        sys.exit(__doc__)
    kind, out = sys.argv[1], sys.argv[2]
    if kind == "plan":
        doc = plan(int(sys.argv[3]) if len(sys.argv) > 3 else 120000)
    else:
        doc = {"xs": list(range(int(sys.argv[3]) if len(sys.argv) > 3 else 1000000))}
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
