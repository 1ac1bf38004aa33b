// SPDX-License-Identifier: Apache-2.0
// The byte patterns the reference's Ragel machines use for a Unicode property, built the way
// their generator (unicode2ragel.rb, in hclsyntax and go-textseg) builds them, and the C++ table
// that lib/source matches them with (source/byte_patterns.h).
//
// The generator turns each line of a Unicode data file (a range of code points) into UTF-8 byte
// patterns by splitting the range where the lead byte changes. It writes the bytes it leaves
// free as 0x00..0xFF rather than as continuation bytes (0x80..0xBF), and the ends of a split as
// ..0xFF and 0x00... So besides the property's characters, its machines take some byte
// sequences that are not UTF-8 (never a valid character of another class): after 0xC4, any
// byte. Where a line ends therefore matters, not only which code points the property holds.

function encode(cp) {
  if (cp <= 0x7f) return [cp];
  if (cp <= 0x7ff) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp <= 0xffff) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

// Patterns ([lo, hi] per byte) for two encodings of equal length: a common first byte is fixed;
// otherwise the first byte's range is split into its low end (rest up to 0xFF..), its middle
// (rest free) and its high end (rest from 0x00..).
function build(start, stop) {
  if (start.length === 0) return [[]];
  const [a, b] = [start[0], stop[0]];
  if (a === b) return build(start.slice(1), stop.slice(1)).map((p) => [[a, a], ...p]);
  const left = start.length - 1;
  if (left === 0) return [[[a, b]]];
  const out = build(start, [a, ...Array(left).fill(0xff)]);
  if (a + 1 !== b) out.push([[a + 1, b === 0xff ? 0xff : b - 1], ...Array(left).fill([0x00, 0xff])]);
  if (b !== 0xff) out.push(...build([b, ...Array(left).fill(0x00)], stop));
  return out;
}

// The patterns of ranges ({start, end} code points, one per line of the data file).
export function patterns(ranges) {
  const out = [];
  for (let { start, end } of ranges) {
    for (const max of [0x7f, 0x7ff, 0xffff, 0x10ffff]) {
      if (start > max) continue;
      out.push(...build(encode(start), encode(Math.min(end, max))));
      if (end <= max) break;
      start = max + 1;
    }
  }
  return out;
}

// A C++ table of patterns from 0x80 up (ASCII is the matcher's callers' own), one entry per lead
// byte and pattern, sorted by lead, and where each lead byte's entries start.
// `classes` is a list of [class name as C++ writes it, patterns]; `type` is the C++ type of an
// entry (a source::BytePattern).
export function table(name, type, classes) {
  const byLead = Array.from({ length: 128 }, () => new Map());
  for (const [cls, pats] of classes) {
    for (const p of pats) {
      if (p.length === 1) continue;
      for (let lead = p[0][0]; lead <= p[0][1]; ++lead) {
        const rest = p.slice(1).flat();
        while (rest.length < 6) rest.push(0, 0);
        const key = JSON.stringify([p.length, ...rest]);
        const seen = byLead[lead - 0x80].get(key);
        if (seen !== undefined && seen !== cls) throw new Error(`lead ${lead}: ${key} is both ${seen} and ${cls}`);
        byLead[lead - 0x80].set(key, cls);
      }
    }
  }
  const hex = (n) => "0x" + n.toString(16).toUpperCase().padStart(2, "0");
  let text = `inline constexpr ${type} k${name}Patterns[] = {\n`;
  const offsets = [0];
  for (const entries of byLead) {
    const sorted = [...entries].map(([k, cls]) => [JSON.parse(k), cls]).sort(([x], [y]) => {
      for (let i = 0; i < x.length; ++i) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    });
    // What source/byte_patterns.h relies on: one length per lead byte, and second-byte ranges
    // that are the same or apart (so a sorted run can be binary searched).
    for (let i = 1; i < sorted.length; ++i) {
      const [[n0, lo0, hi0], [[n1, lo1, hi1]]] = [sorted[i - 1][0], sorted[i]];
      if (n0 !== n1 || (lo1 <= hi0 && !(lo0 === lo1 && hi0 === hi1))) throw new Error(`${name}: patterns overlap`);
    }
    for (const [[n, ...rest], cls] of sorted) text += `    {${n}, ${cls}, {${rest.map(hex).join(", ")}}},\n`;
    offsets.push(offsets[offsets.length - 1] + sorted.length);
  }
  text += "};\n";
  text += `// Where each lead byte's patterns start in k${name}Patterns (lead 0x80 first), and the end.\n`;
  text += `inline constexpr uint16_t k${name}ByLead[129] = {${offsets.join(", ")}};\n`;
  return text;
}
