// Modules the build makes (scripts/vite/precompiled-messages.ts).
declare module "virtual:kauppa/text-chunks" {
  /** Each store language's texts chunk (`/assets/…js`), for the server's HTML to preload; empty in the browser. */
  export const TEXT_CHUNKS: Partial<Record<import("../lib/locales.ts").LocaleCode, string>>;
}
