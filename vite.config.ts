import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { moduleSizes } from "./scripts/vite/module-sizes.ts";
import { precompiledMessages } from "./scripts/vite/precompiled-messages.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompiledMessages(), moduleSizes()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/, priority: 3 },
                { name: "shared", test: /[\\/](app|lib)[\\/]|node_modules/, minShareCount: 4, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
