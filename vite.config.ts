import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { moduleSizes } from "./scripts/vite/module-sizes.ts";
import { precompiledMessages } from "./scripts/vite/precompiled-messages.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompiledMessages(), moduleSizes()],
  build: { assetsInlineLimit: 0 },
});
