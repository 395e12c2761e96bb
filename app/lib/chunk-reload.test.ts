// Chunk-load failure reload (spec §4, §9): recognised errors, at most one reload per 60 s.
import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  installChunkReload,
  isChunkLoadError,
  reloadForChunkError,
  shouldReloadForChunkError,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    data,
  };
}

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: http://localhost/assets/product-abc123.js",
    "Importing a module script failed.",
    "error loading dynamically imported module: http://localhost/assets/x.js",
    "Unable to preload CSS for /assets/product-abc.css",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(message)).toBe(true);
  });

  it("recognises a ChunkLoadError by name", () => {
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe("the 60 s guard", () => {
  it("reloads when there was no reload, or the last was 60 s or more ago", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, Number.NaN)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 2_000_000)).toBe(true);
  });

  it("records the time in storage and reloads at most once per 60 s", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 5_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadForChunkError(deps)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("5000000");
    now += 30_000;
    expect(reloadForChunkError(deps)).toBe(false);
    now += 30_000;
    expect(reloadForChunkError(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when the time cannot be recorded (no loop without a guard)", () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadForChunkError({ storage: broken, reload, now: () => 1 })).toBe(false);
    expect(reloadForChunkError({ storage: null, reload, now: () => 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("installChunkReload", () => {
  it("reloads on Vite's preload error and on an unhandled chunk rejection, once per 60 s", () => {
    const target = new EventTarget();
    const storage = memoryStorage();
    const reload = vi.fn();
    const win = Object.assign(target, { sessionStorage: storage, location: { reload } }) as unknown as Window;
    const uninstall = installChunkReload(win);

    const preload = new Event("vite:preloadError", { cancelable: true });
    win.dispatchEvent(preload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(preload.defaultPrevented).toBe(true);

    // Within 60 s: no second reload, and Vite's error is let through.
    const again = new Event("vite:preloadError", { cancelable: true });
    win.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);

    storage.data.clear();
    const rejection = Object.assign(new Event("unhandledrejection"), {
      reason: new TypeError("Failed to fetch dynamically imported module: /assets/a.js"),
    });
    win.dispatchEvent(rejection);
    expect(reload).toHaveBeenCalledTimes(2);

    storage.data.clear();
    const other = Object.assign(new Event("unhandledrejection"), { reason: new Error("boom") });
    win.dispatchEvent(other);
    expect(reload).toHaveBeenCalledTimes(2);

    storage.data.clear();
    const error = Object.assign(new Event("error"), { message: "Uncaught TypeError: Importing a module script failed." });
    win.dispatchEvent(error);
    expect(reload).toHaveBeenCalledTimes(3);

    uninstall();
    storage.data.clear();
    win.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
