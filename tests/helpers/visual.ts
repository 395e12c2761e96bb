// Pictures compared with kept references (issue 37): a page's first screen as PNG against
// tests/visual/references/<name>.png with pixelmatch. References change only on purpose:
// `npm run test:visual -- --update` (VISUAL_UPDATE=1) writes them anew. A mismatch leaves the
// picture taken and the difference in test-results/visual/ for a person to look at.
import fs from "node:fs";
import path from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import sharp from "sharp";

const REFERENCES = path.resolve(import.meta.dirname, "../visual/references");
const RESULTS = path.resolve("test-results/visual");

/** A pixel differs when its colour is this far from the reference's (pixelmatch's YIQ distance, 0–1); anti-aliased edges do not count. */
const PIXEL_THRESHOLD = 0.1;
/** The share of a picture's pixels that may differ: a rendering's noise, well under a moved line of text. */
const MAX_DIFFERING = 0.002;

export interface Comparison {
  /** The share of pixels that differ (0 when the reference was written). */
  differing: number;
  /** What went wrong, in words for the test's failure; null when the picture matches. */
  problem: string | null;
}

export async function compareWithReference(name: string, picture: Buffer): Promise<Comparison> {
  const reference = path.join(REFERENCES, `${name}.png`);
  if (process.env.VISUAL_UPDATE === "1") {
    fs.mkdirSync(REFERENCES, { recursive: true });
    // Losslessly packed tighter than the browser's PNG (less than half the bytes in the repository).
    fs.writeFileSync(reference, await sharp(picture).png({ compressionLevel: 9, effort: 10 }).toBuffer());
    return { differing: 0, problem: null };
  }
  if (!fs.existsSync(reference)) {
    return { differing: 1, problem: `no reference picture ${name}.png: look at the page, then npm run test:visual -- --update` };
  }
  const expected = PNG.sync.read(fs.readFileSync(reference));
  const actual = PNG.sync.read(picture);
  const keep = (suffix: string, data: Buffer) => {
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, `${name}${suffix}.png`), data);
  };
  if (expected.width !== actual.width || expected.height !== actual.height) {
    keep("-actual", picture);
    return {
      differing: 1,
      problem: `${name}: ${actual.width}×${actual.height} px, the reference is ${expected.width}×${expected.height}`,
    };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const count = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  const differing = count / (actual.width * actual.height);
  if (differing <= MAX_DIFFERING) return { differing, problem: null };
  keep("-actual", picture);
  keep("-diff", PNG.sync.write(diff));
  return { differing, problem: `${name}: ${(differing * 100).toFixed(2)} % of the pixels differ (test-results/visual/${name}-diff.png)` };
}
