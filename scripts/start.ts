// `npm start`: serves the production build, building it first if there is none.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// React and other libraries pick their production build from NODE_ENV when first imported;
// unset, they would serve pages with their development builds (slower, with dev-only checks).
process.env.NODE_ENV ??= "production";
const { loadConfig, ConfigError } = await import("../server/config.ts");
try {
  loadConfig(); // a bad setting stops here, before any build
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: building the shop first…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
const { main } = await import("../server/main.ts");
await main();
