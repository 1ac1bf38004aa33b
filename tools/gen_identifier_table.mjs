// SPDX-License-Identifier: Apache-2.0
// Writes lib/source/identifier_table.inc: the byte sequences the reference scanner takes as one
// character of a name (ID_Start, ID_Continue).
//
// usage: npm pack @unicode/unicode-9.0.0 && tar xzf unicode-unicode-9.0.0-*.tgz
//        node tools/gen_identifier_table.mjs package > lib/source/identifier_table.inc
//
// The reference's scanner (hclsyntax, a Ragel machine) matches names byte by byte against
// patterns generated from Unicode 9.0.0's DerivedCoreProperties.txt, one line of that file at a
// time: a range of code points of one general category (Lu, Ll and Lt together, as "L&"). Its
// generator turns a range into UTF-8 byte patterns by splitting it where the lead byte changes,
// and it writes the bytes it leaves free as 0x00..0xFF rather than as continuation bytes
// (0x80..0xBF), and the ends of a split as ..0xFF and 0x00... So besides every name character of
// Unicode 9.0 (and none added since), the reference takes some byte sequences that are not UTF-8
// as name characters: "\xC4=" is a letter to it, and `a\xC4 = 1` a valid file whose attribute
// is named "a\xC4 ". This reproduces that construction, so the lexer draws the same boundaries.
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkg = process.argv[2];
if (!pkg) {
  console.error("usage: node tools/gen_identifier_table.mjs UNICODE_9_PACKAGE_DIR");
  process.exit(2);
}
const load = async (rel) => (await import(pathToFileURL(path.join(pkg, rel, "code-points.mjs")).href)).default;

// The general category a line of DerivedCoreProperties.txt groups by.
const categories = {
  Uppercase_Letter: "L&", Lowercase_Letter: "L&", Titlecase_Letter: "L&", Modifier_Letter: "Lm",
  Other_Letter: "Lo", Letter_Number: "Nl", Nonspacing_Mark: "Mn", Spacing_Mark: "Mc", Decimal_Number: "Nd",
  Connector_Punctuation: "Pc", Other_Punctuation: "Po", Other_Number: "No", Math_Symbol: "Sm",
  Modifier_Symbol: "Sk", Other_Symbol: "So", Enclosing_Mark: "Me", Format: "Cf", Dash_Punctuation: "Pd",
};
const category = new Map();
for (const [name, group] of Object.entries(categories))
  for (const cp of await load(`General_Category/${name}`)) category.set(cp, group);

// The lines of DerivedCoreProperties.txt for a property: runs of consecutive code points of
// one category group.
function lines(points) {
  const out = [];
  for (const cp of [...points].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    const cat = category.get(cp);
    if (cat === undefined) throw new Error(`no category for U+${cp.toString(16)}`);
    if (last && last.end + 1 === cp && last.cat === cat) last.end = cp;
    else out.push({ start: cp, end: cp, cat });
  }
  return out;
}

function encode(cp) {
  if (cp <= 0x7f) return [cp];
  if (cp <= 0x7ff) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp <= 0xffff) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

// Byte patterns ([lo, hi] per byte) for two encodings of equal length, as the reference's
// generator builds them: a common first byte is fixed; otherwise the first byte's range is
// split into its low end (rest up to 0xFF..), its middle (rest free) and its high end (rest
// from 0x00..).
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

function patterns(points) {
  const out = [];
  for (let { start, end } of lines(points)) {
    for (const max of [0x7f, 0x7ff, 0xffff, 0x10ffff]) {
      if (start > max) continue;
      const stop = Math.min(end, max);
      out.push(...build(encode(start), encode(stop)));
      if (end <= max) break;
      start = max + 1;
    }
  }
  return out;
}

// One entry per lead byte from 0x80 up (ASCII names are the lexer's own), sorted by lead.
function table(name, points) {
  const byLead = Array.from({ length: 128 }, () => new Set());
  for (const p of patterns(points)) {
    if (p.length === 1) continue;
    for (let lead = p[0][0]; lead <= p[0][1]; ++lead) {
      const rest = p.slice(1).flat();
      while (rest.length < 6) rest.push(0, 0);
      byLead[lead - 0x80].add(JSON.stringify([p.length, ...rest]));
    }
  }
  let text = `inline constexpr IdentifierPattern k${name}Patterns[] = {\n`;
  const offsets = [0];
  for (const set of byLead) {
    const hex = (n) => "0x" + n.toString(16).toUpperCase().padStart(2, "0");
    const sorted = [...set].map((e) => JSON.parse(e)).sort((x, y) => {
      for (let i = 0; i < x.length; ++i) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    });
    for (const [n, ...rest] of sorted) text += `    {${n}, {${rest.map(hex).join(", ")}}},\n`;
    offsets.push(offsets[offsets.length - 1] + set.size);
  }
  text += "};\n";
  text += `// Where each lead byte's patterns start in k${name}Patterns (lead 0x80 first), and the end.\n`;
  text += `inline constexpr uint16_t k${name}ByLead[129] = {${offsets.join(", ")}};\n`;
  return text;
}

const idStart = await load("Binary_Property/ID_Start");
const idContinue = await load("Binary_Property/ID_Continue");
process.stdout.write(`// SPDX-License-Identifier: Apache-2.0
// Generated by tools/gen_identifier_table.mjs from Unicode 9.0.0 (npm @unicode/unicode-9.0.0);
// see there for why these are not plain UTF-8. Do not edit.
// A pattern is a length (2 to 4 bytes) and the [lo, hi] range of each byte after the lead.

${table("IdStart", idStart)}
${table("IdContinue", idContinue)}`);
