// The browser entry: React Router's default, plus the chunk-load failure reload (spec §4),
// installed before hydration so chunks loaded from then on (lazy parts, later pages) are covered.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReload } from "./lib/chunk-reload.ts";

installChunkReload();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
