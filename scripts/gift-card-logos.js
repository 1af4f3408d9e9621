// `node scripts/gift-card-logos.js`: writes the gift-card wordmarks in public/gift-cards (an SVG
// and its PNG fallback per brand). Each name is given the width it has in Arial Bold
// (textLength), so a browser without Arial draws it in another font squeezed to that width
// instead of running past the edge. A unit test checks the files against app/features/content/catalogue/gift-cards.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const brands = [
  ["amazon", "Amazon"],
  ["apple", "Apple"],
  ["google-play", "Google Play"],
  ["netflix", "Netflix"],
  ["spotify", "Spotify"],
  ["steam", "Steam"],
  ["playstation", "PlayStation"],
  ["xbox", "Xbox"],
];

// Advance widths of Arial Bold, per 1000 units of the font size.
const ARIAL_BOLD = {
  " ": 278,
  A: 722,
  G: 778,
  N: 722,
  P: 667,
  S: 667,
  X: 667,
  a: 556,
  b: 611,
  c: 556,
  e: 556,
  f: 333,
  g: 611,
  h: 611,
  i: 278,
  l: 278,
  m: 889,
  n: 611,
  o: 611,
  p: 611,
  r: 389,
  s: 556,
  t: 333,
  x: 556,
  y: 556,
  z: 500,
};
const FONT_SIZE = 26;
const TEXT_X = 58;

export function wordmark(name) {
  const textLength = Math.round([...name].reduce((sum, character) => sum + (ARIAL_BOLD[character] ?? 611), 0) * FONT_SIZE) / 1000;
  const width = Math.ceil(TEXT_X + textLength + 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56">
  <rect x="2" y="6" width="44" height="44" rx="12" fill="none" stroke="#ffffff" stroke-width="3"/>
  <text x="24" y="37.5" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="24" fill="#ffffff">${name[0]}</text>
  <text x="${TEXT_X}" y="37" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${FONT_SIZE}" textLength="${textLength}" lengthAdjust="spacingAndGlyphs" fill="#ffffff">${name}</text>
</svg>
`;
  return { width, svg };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [slug, name] of brands) {
    const { width, svg } = wordmark(name);
    const directory = path.join(root, "public/gift-cards");
    fs.writeFileSync(path.join(directory, `${slug}.svg`), svg);
    // Twice the size, sharp on high-density screens; the page sets the displayed size.
    await sharp(Buffer.from(svg), { density: 144 })
      .png({ compressionLevel: 9 })
      .toFile(path.join(directory, `${slug}.png`));
    console.log(`${slug}: ${width}x56`);
  }
}
