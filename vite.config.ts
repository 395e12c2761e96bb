import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./scripts/vite/compile-hints.ts";
import { moduleSizes } from "./scripts/vite/module-sizes.ts";
import { precompiledMessages, textChunks } from "./scripts/vite/precompiled-messages.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompiledMessages(), textChunks(), moduleSizes(), compileHints()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Few files per page (decision 0046): under HTTP/1.1 each of 42 small files was a request
            // queued behind six connections. React and React Router in one file, and what four or
            // more routes share in another; the rest stays with its route.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 3,
                },
                {
                  name: "shared",
                  // Not the CMS blocks and forms, nor checkout's parts: the pages load those when they show them.
                  test: (id) => /[\\/](app|lib)[\\/]|node_modules/.test(id) && !/[\\/]app[\\/]components[\\/](cms|checkout)[\\/]/.test(id),
                  minShareCount: 4,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});
