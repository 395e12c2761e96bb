// `npm run test:visual [-- --update]`: builds the shop and compares its pictures with the kept
// references (tests/visual/); `--update` writes the references anew, after a person has looked.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const update = process.argv.includes("--update");
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env }).status ?? 1;

if (run("npm", ["run", "build"]) !== 0) process.exit(1);
const status = run(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", "visual"], {
  ...process.env,
  VISUAL_UPDATE: update ? "1" : "",
});
process.exit(status);
