// A console.error during a test is a bug the test did not assert on (Epic Stack habit).
import { afterEach, vi } from "vitest";

let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

// So is pg's warning that a query was queued on a busy client (Promise.all on a transaction):
// it stops working in pg's next major version.
process.on("warning", (warning) => {
  if (/already executing a query/.test(warning.message)) errors.push([warning.message]);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) {
    vi.restoreAllMocks();
    throw new Error(`console.error was called during the test: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});
