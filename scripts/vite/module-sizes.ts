import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes build/client-modules.json: for each browser chunk, the source modules in it and their
 * size before minifying, so `npm run size -- --modules` can say what makes a page's JavaScript big.
 */
export function moduleSizes(): Plugin {
  return {
    name: "kauppa:module-sizes",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const root = this.environment.config.root;
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[`/${file}`] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [path.relative(root, id.replace(/\?.*$/, "")), module.renderedLength]),
        );
      }
      fs.mkdirSync(path.resolve(root, "build"), { recursive: true });
      fs.writeFileSync(path.resolve(root, "build/client-modules.json"), JSON.stringify(chunks));
    },
  };
}
