// `npm test`: builds the shop, then runs every suite — typecheck, lint, unit and API tests,
// process tests and the browser journeys — and ends with one line of totals over all of
// them, "N passed, N failed", which CI reads.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
let passed = 0;
let failed = 0;

function step(name: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  const ok = result.status === 0;
  console.log(`${ok ? "✓" : "✗"} ${name}`);
  return ok;
}

// The build is a precondition of the browser and process tests, not a test itself.
if (!step("build", "npm", ["run", "build"])) {
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}

for (const [name, command, args] of [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", bin("biome"), ["check", "."]],
] as const) {
  if (step(name, command, [...args])) passed++;
  else failed++;
}

const report = path.join(root, "test-results/vitest.json");
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
step("vitest: unit, API, process and browser tests", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
]);
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: { status: string; message?: string; name: string; assertionResults: unknown[] }[];
  };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A test file that failed to load or whose hooks failed counts as a failure too.
  for (const file of json.testResults) if (file.status === "failed" && file.assertionResults.length === 0) failed++;
  if (json.numTotalTests === 0) failed++;
} else {
  failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
