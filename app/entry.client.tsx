// The browser entry: React Router's default, plus the chunk-load failure reload (spec §4),
// installed before hydration so chunks loaded from then on (lazy parts, later pages) are covered,
// and the store's texts (only its language's: decision 0047), loaded before the page hydrates.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadErrorTexts } from "../lib/errors/catalogue.ts";
import { LOCALES, type LocaleCode } from "../lib/locales.ts";
import { loadMessages } from "./i18n/messages.ts";
import { installChunkReload } from "./lib/chunk-reload.ts";

installChunkReload();

const lang = document.documentElement.lang;
const locale = (Object.keys(LOCALES) as LocaleCode[]).find((code) => LOCALES[code].langCode === lang) ?? "en";

Promise.all([loadMessages(locale), loadErrorTexts(locale)]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
