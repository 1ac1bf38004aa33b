// SPDX-License-Identifier: Apache-2.0
// What the JavaScript tests share: the built package (HCL_JS_PACKAGE, the folder packaging/npm.sh
// --no-pack makes) imported both ways, and the suite's inputs (HCL_TESTDATA).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const packageDir = process.env.HCL_JS_PACKAGE;
if (!packageDir) throw new Error('HCL_JS_PACKAGE names the built package folder');
export const testdata = process.env.HCL_TESTDATA || new URL('../../testdata', import.meta.url).pathname;

export const esm = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
export const cjs = createRequire(import.meta.url)(path.join(packageDir, 'index.cjs'));
export const hcl2jsonEsm = await import(pathToFileURL(path.join(packageDir, 'hcl2json.mjs')).href);

// (input, expected) paths of a golden folder; an empty one fails, so that a moved folder does not
// turn a test into a no-op.
export function cases(folder, suffix, expectedSuffix) {
  const dir = path.join(testdata, folder);
  const out = fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort()
    .map((f) => [path.join(dir, f), path.join(dir, f.slice(0, -suffix.length) + expectedSuffix)])
    .filter(([, expected]) => fs.existsSync(expected));
  if (out.length === 0) throw new Error(`no cases in testdata/${folder}`);
  return out;
}
