// Chunk-load failure (spec §4, §8, §9): when a script chunk cannot be loaded — usually because
// a new release replaced the files the open page refers to — reload the page, which then gets
// the new ones. At most once per 60 s (timestamp in sessionStorage), so a chunk that is
// really missing cannot start a reload loop. Installed from entry.client.tsx.
//
// Note: React Router itself reloads (unguarded) when a *route module* fails to load during a
// navigation; this module covers everything else — Vite's preload errors, other dynamic
// imports (React.lazy, import() in app code) — and guards its own reloads. Failures of the
// HTML's own module scripts happen before this code runs and cannot be caught here.

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "kauppa:chunk-reload-at";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i;

/** True for the messages browsers and Vite give when a module or chunk could not be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason == null) return false;
  if (typeof reason === "string") return CHUNK_ERROR.test(reason);
  if (typeof reason === "object") {
    const { message, name } = reason as { message?: unknown; name?: unknown };
    if (name === "ChunkLoadError") return true;
    if (typeof message === "string") return CHUNK_ERROR.test(message);
  }
  return false;
}

/** The guard: reload unless the last chunk reload was less than 60 s ago. */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A timestamp in the future (clock changed) does not block reloads for ever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= guardMs;
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  now: () => number;
  reload: () => void;
}

/** Decides, records the time and reloads. Returns whether it reloaded. */
export function reloadForChunkError({ storage, now, reload }: ChunkReloadDeps): boolean {
  const at = now();
  let last: number | null = null;
  try {
    const stored = storage?.getItem(CHUNK_RELOAD_STORAGE_KEY);
    last = stored ? Number(stored) : null;
  } catch {
    last = null;
  }
  if (!shouldReloadForChunkError(at, last)) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
  } catch {
    // Storage full or blocked: without a record the guard cannot hold, so do not reload.
    return false;
  }
  if (!storage) return false;
  reload();
  return true;
}

function sessionStorageOrNull(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** Listens for chunk-load failures on `win`; returns a function that stops listening. */
export function installChunkReload(win: Window = window): () => void {
  const deps = (): ChunkReloadDeps => ({
    storage: sessionStorageOrNull(win),
    now: () => Date.now(),
    reload: () => win.location.reload(),
  });
  const onPreloadError = (event: Event) => {
    // Vite's preload helper: preventDefault stops it from throwing — only when we do reload.
    if (reloadForChunkError(deps())) event.preventDefault();
  };
  const onError = (event: Event) => {
    const { error, message } = event as Partial<ErrorEvent>;
    if (isChunkLoadError(error) || isChunkLoadError(message)) reloadForChunkError(deps());
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadForChunkError(deps());
  };
  win.addEventListener("vite:preloadError", onPreloadError);
  win.addEventListener("error", onError);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("vite:preloadError", onPreloadError);
    win.removeEventListener("error", onError);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}
