# SPDX-License-Identifier: Apache-2.0
"""Running `hcl` over many files at once, as users run it on a directory, for the corpus checks:
one process per file made a check mostly the cost of starting processes."""
import json
import os
import re
from concurrent.futures import ThreadPoolExecutor

BATCH = 150  # files per process

def batches(files):
    return [files[i:i + BATCH] for i in range(0, len(files), BATCH)]

def in_batches(run, files):
    """run(batch) -> list of results, over batches on every core, flattened in file order."""
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as ex:
        return [r for part in ex.map(run, batches(files)) for r in part]

KEY_LINE = re.compile(rb'^    ("(?:[^"\\]|\\.)*"): (\{\}|\{),?$')

def keyed_documents(out):
    """The documents of `hcl json`'s pretty output for several files ({"NAME": DOC, ...}), each
    as the bytes it has alone: its lines, four spaces less indented (a JSON line holds no raw
    newline, so the lines of a document are exactly its own)."""
    docs, name, lines = {}, None, []
    for line in out.split(b'\n'):
        m = KEY_LINE.match(line)
        if name is None and m:
            key = json.loads(m.group(1))
            if m.group(2) == b'{}':
                docs[key] = b'{}\n'
            else:
                name, lines = key, [b'{']
        elif name is not None:
            if line in (b'    }', b'    },'):
                docs[name] = b'\n'.join(lines + [b'}']) + b'\n'
                name = None
            else:
                lines.append(line[4:])
    return docs

