// SPDX-License-Identifier: Apache-2.0
// The drop-in's differential: each file parsed by hcl-toolchain/hcl2json and by @cdktf/hcl2json,
// sorted into one class each: same JSON, different JSON, both refuse, only one refuses.
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

export async function compare(files, ours, peer) {
  const counts = { same: 0, different: 0, bothRefuse: 0, onlyOldRefuses: 0, onlyNewRefuses: 0 };
  const lists = { different: [], onlyOldRefuses: [], onlyNewRefuses: [] };
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    let mine;
    let theirs;
    try {
      mine = { value: ours.parseSync(file, text) };
    } catch (error) {
      mine = { error };
    }
    try {
      theirs = { value: await peer.parse(file, text) };
    } catch (error) {
      theirs = { error };
    }
    let kind;
    if (mine.error && theirs.error) kind = 'bothRefuse';
    else if (mine.error) kind = 'onlyNewRefuses';
    else if (theirs.error) kind = 'onlyOldRefuses';
    else kind = isDeepStrictEqual(mine.value, theirs.value) ? 'same' : 'different';
    counts[kind] += 1;
    if (lists[kind]) lists[kind].push(file);
  }
  return { counts, lists };
}

// The files of a folder tree whose names end in one of `suffixes`, sorted.
export function filesUnder(dir, suffixes) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && suffixes.some((s) => entry.name.endsWith(s))) {
      out.push(`${entry.path || entry.parentPath}/${entry.name}`);
    }
  }
  return out.sort();
}
