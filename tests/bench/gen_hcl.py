#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a large, valid HCL configuration of one shape, for the benchmarks (never committed).

usage: gen_hcl.py SHAPE SIZE_MB OUT
shapes:
  resources  many small Terraform-style resource blocks (the everyday file)
  lists      long lists and maps: a few attributes holding thousands of elements each
  heredocs   heredocs and quoted templates with interpolations and directives
  nesting    deeply nested blocks, objects and tuples
  comments   comment-heavy: line, hash and block comments around short attributes
  longline   one attribute whose value is a single line of the whole size

The output is deterministic (a fixed seed) so runs compare the same bytes, and every shape is
accepted by the reference (`hclfmt -check`, `hcl-oracle body`): names never repeat within a body.
"""
import random
import sys

SHAPES = ("resources", "lists", "heredocs", "nesting", "comments", "longline")


def words(rng, n):
    pool = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
            "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo")
    return "-".join(rng.choice(pool) for _ in range(n))


def resources(rng, i):
    return (
        f'resource "aws_instance" "web_{i}" {{\n'
        f'  ami           = "ami-{rng.getrandbits(32):08x}"\n'
        f'  instance_type = var.instance_types[{i % 7}]\n'
        f'  count         = {rng.randint(1, 9)}\n'
        f'  subnet_id     = aws_subnet.main[count.index % 3].id\n'
        f'  monitoring    = {"true" if i % 2 else "false"}\n'
        f'  tags = {{\n'
        f'    Name        = "web-${{var.env}}-{i}"\n'
        f'    Environment = var.env\n'
        f'    Owner       = "{words(rng, 2)}"\n'
        f'  }}\n'
        f'\n'
        f'  lifecycle {{\n'
        f'    create_before_destroy = true\n'
        f'    ignore_changes        = [tags["LastSeen"], ami]\n'
        f'  }}\n'
        f'}}\n\n')


def lists(rng, i):
    items = ", ".join(str(rng.randint(0, 10**6)) if k % 3 else f'"{words(rng, 1)}-{k}"' for k in range(400))
    pairs = "\n".join(f'    key_{k} = {rng.random() * 1000:.3f}' for k in range(200))
    cidrs = ",\n".join(f'    "10.{k // 256 % 256}.{k % 256}.0/24"' for k in range(200))
    return (f'list_{i} = [{items}]\n'
            f'map_{i} = {{\n{pairs}\n  }}\n'
            f'cidrs_{i} = [\n{cidrs},\n]\n')


def heredocs(rng, i):
    lines = "\n".join(f'    line {k}: ${{var.name_{k % 5}}} and %{{ if var.on }}on%{{ else }}off%{{ endif }} {words(rng, 3)}'
                      for k in range(20))
    return (f'locals {{\n'
            f'  script_{i} = <<-EOT\n{lines}\n    %{{ for x in var.items ~}}\n    - ${{x}}\n    %{{ endfor ~}}\n  EOT\n'
            f'  plain_{i} = <<EOF\n{words(rng, 8)}\n$${{not_interpolated}} 100%% done\nEOF\n'
            f'  greeting_{i} = "Hello, ${{upper(var.user)}}! You have ${{length(var.msgs)}} new \\"messages\\" \\u00e9"\n'
            f'  joined_{i} = "%{{ for k, v in var.tags }}${{k}}=${{v}},%{{ endfor }}"\n'
            f'}}\n\n')


def nesting(rng, i, depth=12):
    out = [f'outer_{i} {{\n']
    for d in range(depth):
        pad = "  " * (d + 1)
        out.append(f'{pad}level_{d} "l{d}" {{\n{pad}  v = {{ a = [{d}, {{ b = [[{d}], {{ c = "{d}" }}] }}] }}\n')
    for d in reversed(range(depth)):
        out.append("  " * (d + 1) + "}\n")
    out.append("}\n")
    return "".join(out)


def comments(rng, i):
    return (f'# {words(rng, 10)}\n'
            f'# {words(rng, 12)}\n'
            f'// {words(rng, 9)}\n'
            f'/* {words(rng, 6)}\n   {words(rng, 8)}\n   {words(rng, 7)} */\n'
            f'setting_{i} = {rng.randint(0, 999)} # {words(rng, 5)}\n'
            f'other_{i} = "{words(rng, 2)}" // {words(rng, 4)}\n\n')


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in SHAPES:
        sys.exit(__doc__)
    shape, target, out = sys.argv[1], int(float(sys.argv[2]) * 1024 * 1024), sys.argv[3]
    rng = random.Random(16)
    size = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        if shape == "longline":
            # One line: a tuple of objects and strings, without a newline until the very end.
            f.write("data = [")
            i = 0
            while size < target:
                chunk = f'{{ id = {i}, name = "{words(rng, 2)}", on = {"true" if i % 2 else "false"} }}, "s{i}", {i * 7 % 1000}.5, '
                f.write(chunk)
                size += len(chunk)
                i += 1
            f.write("null]\n")
            return
        gen = {"resources": resources, "lists": lists, "heredocs": heredocs, "nesting": nesting,
               "comments": comments}[shape]
        i = 0
        while size < target:
            chunk = gen(rng, i)
            f.write(chunk)
            size += len(chunk.encode("utf-8"))
            i += 1


if __name__ == "__main__":
    main()
