// The system Chromium (Debian's package) as the browser tests and `npm run lighthouse` launch it:
// one path and one list of flags, so both measure and test the same headless browser.

/** The browser to run: `CHROMIUM_PATH`, else the system package's path. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, and none of the background work (updates, sync, first-run pages, QUIC) that adds noise to a test or a measurement. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
