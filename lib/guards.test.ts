import { describe, expect, it } from "vitest";
import { type GuardState, runGuards, UnknownGuardError } from "./guards.ts";

type Overrides = Partial<Omit<GuardState, "config">> & { config?: Partial<GuardState["config"]> };
const state = (overrides: Overrides = {}): GuardState => ({
  path: "/",
  search: "",
  storeCode: "en",
  loggedIn: false,
  checkoutSuccess: false,
  ...overrides,
  config: {
    maintenance_mode: false,
    enable_login: true,
    disable_shopping: [],
    root_redirect_path: "",
    root_redirect_status: 302,
    ...overrides.config,
  },
});

describe("maintenance", () => {
  it("sends every page to the maintenance page while on", () => {
    expect(runGuards(["maintenance"], state({ path: "/p/x", config: { maintenance_mode: true } }))).toEqual({
      location: "/maintenance",
      status: 302,
    });
  });
  it("lets the maintenance pages themselves through while on", () => {
    expect(runGuards(["maintenance"], state({ path: "/maintenance", config: { maintenance_mode: true } }))).toBeNull();
    expect(runGuards(["maintenance"], state({ path: "/preview/maintenance", config: { maintenance_mode: true } }))).toBeNull();
  });
  it("sends the maintenance page home when off", () => {
    expect(runGuards(["maintenance"], state({ path: "/maintenance" }))?.location).toBe("/");
    expect(runGuards(["maintenance"], state({ path: "/preview/maintenance" }))).toBeNull();
    expect(runGuards(["maintenance"], state({ path: "/c/women" }))).toBeNull();
  });
});

describe("login", () => {
  it("sends a guest on a login-required page to login, remembering the path and query", () => {
    expect(runGuards(["login-required"], state({ path: "/account/orders", search: "?page=2" }))?.location).toBe(
      "/account/login?redirect=%2Faccount%2Forders%3Fpage%3D2",
    );
  });
  it("lets a logged-in customer through", () => {
    expect(runGuards(["login-required"], state({ path: "/account", loggedIn: true }))).toBeNull();
  });
  it("does not remember a path that is not a safe local path", () => {
    expect(runGuards(["login-required"], state({ path: "/account", search: "?x=<script>" }))?.location).toBe("/account/login");
  });
  it("sends logged-in customers away from guest-only pages", () => {
    expect(runGuards(["guest-only"], state({ path: "/account/login", loggedIn: true }))?.location).toBe("/");
    expect(runGuards(["guest-only"], state({ path: "/account/login" }))).toBeNull();
  });
  it("sends login pages home when login is disabled, before asking anyone to log in", () => {
    const disabled = state({ path: "/account", config: { enable_login: false } });
    expect(runGuards(["disable-login", "login-required"], disabled)?.location).toBe("/");
  });
});

describe("shopping", () => {
  it("sends shopping pages home in a store listed in disable_shopping", () => {
    expect(runGuards(["disable-shopping"], state({ path: "/cart", storeCode: "fi", config: { disable_shopping: ["fi"] } }))?.location).toBe(
      "/",
    );
    expect(runGuards(["disable-shopping"], state({ path: "/cart", storeCode: "en", config: { disable_shopping: ["fi"] } }))).toBeNull();
  });
  it("lets only a shopper with the success flag see the success page", () => {
    expect(runGuards(["checkout-success"], state({ path: "/checkout/success" }))?.location).toBe("/");
    expect(runGuards(["checkout-success"], state({ path: "/checkout/success", checkoutSuccess: true }))).toBeNull();
  });
});

describe("registration confirmation", () => {
  it.each(["", "?id=5", "?key=abc", "?id=&key=abc"])("sends %j to login", (search) => {
    expect(runGuards(["register-confirmation"], state({ path: "/account/confirm", search }))).toEqual({
      location: "/account/login",
      status: 302,
    });
  });
  it("lets a request with id and key through", () => {
    expect(runGuards(["register-confirmation"], state({ path: "/account/confirm", search: "?id=5&key=abc" }))).toBeNull();
  });
});

describe("root redirect", () => {
  it("redirects the root path to the configured path with 302 by default", () => {
    expect(runGuards(["root-redirect"], state({ config: { root_redirect_path: "/c/women" } }))).toEqual({
      location: "/c/women",
      status: 302,
    });
    expect(runGuards(["root-redirect"], state({ config: { root_redirect_path: "/c/women", root_redirect_status: 301 } }))?.status).toBe(
      301,
    );
  });
  it("leaves other paths, an empty setting and unsafe targets alone", () => {
    expect(runGuards(["root-redirect"], state({ path: "/c/men", config: { root_redirect_path: "/c/women" } }))).toBeNull();
    expect(runGuards(["root-redirect"], state())).toBeNull();
    expect(runGuards(["root-redirect"], state({ config: { root_redirect_path: "//evil.example" } }))).toBeNull();
  });
});

describe("runGuards", () => {
  it("stops at the first redirect", () => {
    const s = state({ path: "/account", config: { maintenance_mode: true } });
    expect(runGuards(["maintenance", "login-required"], s)?.location).toBe("/maintenance");
  });
  it("refuses an unknown guard name", () => {
    expect(() => runGuards(["maintenance", "teleport"], state())).toThrow(UnknownGuardError);
    expect(() => runGuards(["teleport"], state())).toThrow("Unknown middleware");
  });
});
