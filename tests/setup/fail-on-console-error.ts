// A console.error during a test is a bug the test did not assert on (Epic Stack habit).
import { afterEach, vi } from "vitest";

let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) {
    vi.restoreAllMocks();
    throw new Error(`console.error was called during the test: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});
