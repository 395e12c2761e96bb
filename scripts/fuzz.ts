// `npm run fuzz -- --runs N [--seed S]`: the fuzz test of decision 0033 for longer than `npm test`
// runs it (2,000 API runs, seed 15). Needs a build (`npm run build`); prints the request and 5xx counts.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "5000" }, seed: { type: "string" } } });
const env = { ...process.env, CI: "true", FUZZ_RUNS: values.runs, ...(values.seed ? { FUZZ_SEED: values.seed } : {}) };
const vitest = path.join(root, "node_modules/.bin/vitest");
const result = spawnSync(vitest, ["run", "server/http/fuzz.test.ts"], { cwd: root, stdio: "inherit", env });
process.exit(result.status ?? 1);
