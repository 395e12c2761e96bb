// After `react-router build`: the installable shop's files (docs/decisions/0030).
// - icons drawn from the brand's mark (lib/brand-mark.ts, the header's logo) with sharp: 192
//   and 512 px, a maskable 512 px one (the mark inside the safe zone) and the apple-touch-icon;
// - the service worker: app/sw/sw.ts bundled for the browser, then given by Workbox the list
//   of the app shell it precaches (every built script and style, and the offline page, whose
//   revision is that of the build) → build/client/sw.js.
import fs from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { build } from "vite";
import { injectManifest } from "workbox-build";
import { brandMarkSvg } from "../lib/brand-mark.ts";
import { ICONS, OFFLINE_PATH, THEME_COLOR } from "../lib/pwa.ts";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build/client");

// Icons: the brand's mark as the header draws it. The "any" icons are the rounded square; the
// maskable one fills the square and keeps the drawing in the central 60 % a launcher's mask
// never cuts; iOS rounds the apple-touch-icon itself, so it too fills the square.
fs.mkdirSync(path.join(client, "icons"), { recursive: true });
const draw = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(path.join(client, file));
const rounded = brandMarkSvg({ fill: THEME_COLOR });
await Promise.all([
  draw(rounded, ICONS.any192.size, ICONS.any192.src),
  draw(rounded, ICONS.any512.size, ICONS.any512.src),
  draw(brandMarkSvg({ fill: THEME_COLOR, radius: 0, scale: 0.6 }), ICONS.maskable512.size, ICONS.maskable512.src),
  draw(brandMarkSvg({ fill: THEME_COLOR, radius: 0, scale: 0.8 }), ICONS.appleTouch.size, ICONS.appleTouch.src),
]);

// The worker, bundled into one classic script (a worker registered without type: module).
const bundleDir = path.join(root, "build/pwa");
await build({
  configFile: false,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: bundleDir,
    emptyOutDir: true,
    minify: true,
    lib: { entry: path.join(root, "app/sw/sw.ts"), formats: ["iife"], name: "kauppaServiceWorker", fileName: () => "sw.js" },
  },
});

// The app shell is every built script and style (≈ 0.9 MB; the shared styles and the frame are
// most of it): with every route's module at hand, a move within the app offline reaches its
// data request, whose failure leads to the offline page, instead of failing to load the route.
// The offline page changes with the build (its scripts' names), so the build's assets name its revision.
const assets = fs.readdirSync(path.join(client, "assets")).sort();
const revision = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 16);
const { count, size, warnings } = await injectManifest({
  swSrc: path.join(bundleDir, "sw.js"),
  swDest: path.join(client, "sw.js"),
  globDirectory: client,
  globPatterns: ["assets/**/*.{js,css}", "favicon.svg", "icons/icon-192.png"],
  // Hashed names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  additionalManifestEntries: [{ url: OFFLINE_PATH, revision }],
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} kB)`);
