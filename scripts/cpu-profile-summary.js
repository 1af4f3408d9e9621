// `node scripts/cpu-profile-summary.js <file.cpuprofile> [top] [from-second] [to-second]`: where a
// `node --cpu-prof` profile's time goes, by package or source file and by function (self time),
// and the functions that hold the most time with what they call (inclusive), as markdown tables
// (bench/render-profile.md was written from its output). Samples outside `from-second`..`to-second`
// (the server starting and stopping) are left out.
import fs from "node:fs";

const [file, topArgument, fromArgument, toArgument] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/cpu-profile-summary.js <file.cpuprofile> [top]");
  process.exit(1);
}
const top = Number(topArgument ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const from = profile.startTime + Number(fromArgument ?? 0) * 1e6;
const to = toArgument === undefined ? Infinity : profile.startTime + Number(toArgument) * 1e6;
const selfMicros = new Map();
const inclusive = new Map();
let time = profile.startTime;
for (let index = 0; index < profile.samples.length; index++) {
  time += profile.timeDeltas[index] ?? 0;
  if (time < from || time > to) continue;
  const id = profile.samples[index];
  const micros = profile.timeDeltas[index + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + micros);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const name = frameName(nodes.get(at).callFrame);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** The package (node_modules/<name>) or the file a frame belongs to. */
function place(url) {
  if (!url) return "(native / V8)";
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith("node:")) return "node core";
  return url.replace(/^file:\/\/.*?\/(build[^/]*\/)/, "$1");
}

function frameName(frame) {
  return `${frame.functionName || "(anonymous)"} — ${place(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
}

const byFunction = new Map();
const byPlace = new Map();
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id).callFrame;
  const name = frameName(frame);
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const where = place(frame.url);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
}
const table = (title, entries, kind = "self") =>
  [`| ${title} | ${kind} ms | share |`, "| --- | --- | --- |"]
    .concat(
      [...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(
          ([name, micros]) =>
            `| ${name.replace(/\|/g, "\\|")} | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / total).toFixed(1)} % |`,
        ),
    )
    .join("\n");
console.log(`Profile: ${(total / 1e6).toFixed(2)} s of samples\n`);
console.log(table("package or file", byPlace));
console.log();
console.log(table("function", byFunction));
console.log();
console.log(table("function, with what it calls", inclusive, "inclusive"));
