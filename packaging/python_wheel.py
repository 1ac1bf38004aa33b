#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Zips the built package folder (BUILD/python/hcl_toolchain) into a wheel in OUTDIR.

usage: python_wheel.py BUILD_PYTHON_DIR OUTDIR VERSION

No setuptools and no download: a wheel is a zip with a .dist-info folder (METADATA, WHEEL,
RECORD), tagged for the interpreter that runs this script, the one the extension was built for.
"""
import base64
import hashlib
import os
import sys
import sysconfig
import zipfile

SUMMARY = "HCL (HashiCorp Configuration Language) for Python: parse, validate, format, evaluate"


def tag():
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main(package_root, outdir, version):
    files = []
    for d, dirs, names in os.walk(os.path.join(package_root, "hcl_toolchain")):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for n in sorted(names):
            if not n.endswith((".pyc",)):
                path = os.path.join(d, n)
                files.append((os.path.relpath(path, package_root), path))
    info = f"hcl_toolchain-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: hcl-toolchain\n"
        f"Version: {version}\n"
        f"Summary: {SUMMARY}\n"
        "License: Apache-2.0\n"
        f"Requires-Python: =={sys.version_info.major}.{sys.version_info.minor}.*\n"
    )
    wheel = f"Wheel-Version: 1.0\nGenerator: hcl packaging/python_wheel.py\nRoot-Is-Purelib: false\nTag: {tag()}\n"
    os.makedirs(outdir, exist_ok=True)
    target = os.path.join(outdir, f"hcl_toolchain-{version}-{tag()}.whl")
    records = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in files:
            with open(path, "rb") as f:
                data = f.read()
            z.writestr(name, data)
            records.append(record_line(name, data))
        for name, text in ((f"{info}/METADATA", metadata), (f"{info}/WHEEL", wheel),
                           (f"{info}/top_level.txt", "hcl_toolchain\n")):
            z.writestr(name, text)
            records.append(record_line(name, text.encode()))
        records.append(f"{info}/RECORD,,")
        z.writestr(f"{info}/RECORD", "\n".join(records) + "\n")
    print(target)


if __name__ == "__main__":
    main(*sys.argv[1:4])
