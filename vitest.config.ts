import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit-api",
          include: [
            "server/**/*.test.ts",
            "lib/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "tests/process/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          globalSetup: ["tests/setup/database.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Pictures against kept references (tests/helpers/visual.ts), on a fresh shop of their own.
          name: "visual",
          include: ["tests/visual/**/*.test.ts"],
          globalSetup: ["tests/setup/shop.ts"],
          testTimeout: 300_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/shop.ts"],
          // A whole journey (register, log in, buy, look again) takes 25–30 s on a quiet machine
          // and took up to 122 s under a load of 10–29; the limit catches a hang, not slowness.
          testTimeout: 300_000,
          // A page a busy 2-core machine renders slowly is still a pass: wait for what the
          // shopper would see for up to 10 s, not Vitest's default 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
