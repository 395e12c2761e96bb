// The browser entry: React Router's default, plus the chunk-load failure reload (spec §4),
// installed before hydration so chunks loaded from then on (lazy parts, later pages) are covered,
// and the store's texts (only its language's: decision 0047) and the frame's data (decision 0053),
// loaded before the page hydrates. Without them it does not hydrate: it stays the server's page,
// which works as it does without JavaScript.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadErrorTexts } from "../lib/errors/catalogue.ts";
import { LOCALES, type LocaleCode } from "../lib/locales.ts";
import { loadMessages } from "./i18n/messages.ts";
import { installChunkReload } from "./lib/chunk-reload.ts";
import { FRAME_PRELOAD, fetchFrame } from "./lib/frame.ts";

installChunkReload();

const lang = document.documentElement.lang;
const locale = (Object.keys(LOCALES) as LocaleCode[]).find((code) => LOCALES[code].langCode === lang) ?? "en";

const frameHref = document.querySelector<HTMLLinkElement>(FRAME_PRELOAD)?.getAttribute("href");
const frame = frameHref
  ? fetchFrame(frameHref).then(
      () => true,
      (error: unknown) => {
        console.warn("The page's frame could not be loaded; the page stays as the server sent it.", error);
        return false;
      },
    )
  : true;

Promise.all([loadMessages(locale), loadErrorTexts(locale), frame]).then(([, , hasFrame]) => {
  if (!hasFrame) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
