// `npm run verify-archive -- FILE`: checks an export of the archive (docs/archive.md) without the
// site or its database: the hash chain in its manifest and every page's bytes. Exits 0 when all
// checks, 1 naming the first altered file (and every other problem), 2 when it cannot read FILE.
import fs from "node:fs";
import { verifyExport } from "../app/features/archive/export-format.js";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run verify-archive -- FILE");
  process.exit(2);
}
let bytes;
try {
  bytes = fs.readFileSync(file);
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const { problems, entries, files } = verifyExport(bytes);
if (problems.length > 0) {
  console.error(`${file}: altered. First: ${problems[0]}`);
  for (const problem of problems.slice(1)) console.error(`  also: ${problem}`);
  process.exit(1);
}
console.log(`${file}: verified: ${entries} entries of the chain, ${files} page files, every byte as recorded`);
