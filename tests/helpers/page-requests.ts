// Page requests as a browser without JavaScript sends them (a GET, or a form POST, with its
// cookies), for the tests that render the real production build in-process.
export type StoreCode = "en" | "fi";

const host = (store: StoreCode) => (store === "fi" ? "fi.localhost" : "localhost");

export function pageRequest(store: StoreCode, pathname: string, init: { form?: Record<string, string>; cookie?: string } = {}): Request {
  const headers = new Headers();
  if (init.cookie) headers.set("cookie", init.cookie);
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  if (body) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`http://${host(store)}${pathname}`, { method: body ? "POST" : "GET", headers, body });
}

/** The cookies a response sets, as the Cookie header a browser sends next (name=value; …), without the ones it removes. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
