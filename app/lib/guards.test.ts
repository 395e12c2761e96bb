// The guard middleware as React Router runs it: a redirect, or the spec's 500 for an
// unknown guard name.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NO_CONSENT, readCookie } from "../../lib/cookies.ts";
import { GLOBAL_GUARDS } from "../../lib/guards.ts";
import { shopContext } from "../context.ts";
import { guards } from "./guards.ts";

/** What the guards read of the shopper's identity (each read would make the page personal). */
let reads: string[] = [];

function run(names: string[], url: string, cookie = "", customer: { id: number } | null = null) {
  reads = [];
  const context = new RouterContextProvider();
  const config = {
    maintenance_mode: false,
    enable_login: true,
    disable_shopping: [],
    root_redirect_path: "",
    root_redirect_status: 302,
  };
  const store = { code: "en", config };
  // As the page handler gives it: the shopper and the cookies through the context, never the request.
  context.set(shopContext, {
    store,
    services: {},
    origins: {},
    get shopper() {
      reads.push("shopper");
      return Promise.resolve({ store, customer, guestCartId: null, consent: NO_CONSENT });
    },
    cookie: (name: string) => {
      reads.push(name);
      return readCookie(cookie, name);
    },
  } as never);
  const request = new Request(url);
  const [middleware] = guards(...names);
  return Promise.resolve().then(() =>
    middleware?.({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response()),
  );
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("guard middleware", () => {
  it("answers an unknown guard name with a 500 'Unknown middleware'", async () => {
    const error = (await thrown(run(["teleport"], "http://localhost/"))) as { init?: { status: number }; data?: unknown };
    expect(error?.init?.status).toBe(500);
    expect(error?.data).toBe("Unknown middleware");
  });

  it("throws a redirect to login for a guest on a login-required page", async () => {
    const response = (await thrown(run(["login-required"], "http://localhost/account/wishlist"))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/account/login?redirect=%2Faccount%2Fwishlist");
  });

  it("reads the one-time success flag from its cookie", async () => {
    expect(await thrown(run(["checkout-success"], "http://localhost/checkout/success", "checkout_success=1"))).toBeUndefined();
    const response = (await thrown(run(["checkout-success"], "http://localhost/checkout/success"))) as Response;
    expect(response.headers.get("location")).toBe("/");
  });

  it("reads the login state from the shopper only for the guards that need it", async () => {
    expect(await thrown(run(["login-required"], "http://localhost/account", "", { id: 42 }))).toBeUndefined();
    expect(reads).toEqual(["shopper"]);
    const away = (await thrown(run(["guest-only"], "http://localhost/account/login", "", { id: 42 }))) as Response;
    expect(away.headers.get("location")).toBe("/");
  });

  it("reads nothing of the shopper on the pages every guest shares (so they stay cacheable)", async () => {
    expect(await thrown(run([...GLOBAL_GUARDS, "disable-shopping"], "http://localhost/c/women", "checkout_success=1"))).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
