// SPDX-License-Identifier: Apache-2.0
// @cdktf/hcl2json, the package hcl-toolchain replaces, installed from npm into a folder of the
// cache (HCL_JS_PEER_DIR, default ~/.cache/hcl-wasm/peers) on first use. null when npm cannot
// install it; the caller fails under HCL_REQUIRE_TOOLS=1 and skips otherwise.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const peerVersion = '0.21.0';

export function loadPeer() {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const dir = process.env.HCL_JS_PEER_DIR || path.join(cache, 'hcl-wasm', 'peers', `cdktf-hcl2json-${peerVersion}`);
  const entry = path.join(dir, 'node_modules', '@cdktf', 'hcl2json');
  if (!fs.existsSync(path.join(entry, 'package.json'))) {
    // Into a temporary folder first, so that an interrupted install leaves nothing half made.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-peer-'));
    try {
      execFileSync('npm', ['install', '--prefix', tmp, '--no-audit', '--no-fund', '--silent',
        `@cdktf/hcl2json@${peerVersion}`], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300000 });
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      // Another test process may have installed it meanwhile (ctest runs the suites side by
      // side): the rename then fails and its copy is kept, since that process may be reading it.
      fs.renameSync(tmp, dir);
    } catch (error) {
      if (!fs.existsSync(path.join(entry, 'package.json'))) {
        fs.rmSync(tmp, { recursive: true, force: true });
        return null;
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return createRequire(import.meta.url)(entry);
}

export function requirePeer(t) {
  const peer = loadPeer();
  if (peer) return peer;
  if (process.env.HCL_REQUIRE_TOOLS === '1') throw new Error(`npm could not install @cdktf/hcl2json@${peerVersion}`);
  t.skip(`@cdktf/hcl2json@${peerVersion} could not be installed from npm`);
  return null;
}
