// Each store's public origin (decision 0036): from PUBLIC_URL_*, else its STORE_DOMAINS host
// over http on the port the shop listens on. Never from a request's Host: a page, a sitemap or
// a mail built from one request is read by others (the HTML cache, inboxes), so a client
// must not be able to choose the links in it.

export interface StoreOriginSettings {
  /** Host of each store by code (STORE_DOMAINS). */
  domains: Record<string, string>;
  /** Configured public URL of a store by code (PUBLIC_URL_*); wins over the default. */
  publicUrls?: Record<string, string | undefined>;
  /** The port the shop listens on, when known before it listens (PORT; 0 picks one: see `listening`). */
  port?: number;
}

export interface StoreOrigins {
  /** Every store's public origin by code ("http://localhost:3000", no trailing slash). */
  all(): Record<string, string>;
  of(code: string): string | undefined;
  /** Whether a Host header (host[:port]) is one a store is published at. */
  isPublicHost(host: string): boolean;
  /** Whether an Origin header names a store's public origin exactly (scheme, host and port). */
  isPublicOrigin(origin: string): boolean;
  /** The port the shop ended up listening on (PORT=0 picks a free one); the defaults use it from now on. */
  listening(port: number): void;
}

/** "https://Shop.example.com/" → "https://shop.example.com"; null when it is no http(s) origin. */
export function normalizedOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function createStoreOrigins({ domains, publicUrls = {}, port }: StoreOriginSettings): StoreOrigins {
  let origins: Record<string, string> = {};
  let hosts = new Set<string>();
  let exact = new Set<string>();
  const build = (listeningPort: number | undefined) => {
    const suffix = listeningPort && listeningPort !== 80 ? `:${listeningPort}` : "";
    origins = Object.fromEntries(
      Object.entries(domains).map(([code, host]) => {
        const configured = publicUrls[code];
        return [code, (configured && normalizedOrigin(configured)) ?? `http://${host}${suffix}`];
      }),
    );
    exact = new Set(Object.values(origins));
    hosts = new Set(Object.values(origins).map((origin) => new URL(origin).host));
  };
  build(port);
  return {
    all: () => origins,
    of: (code) => origins[code],
    isPublicHost: (host) => hosts.has(host.toLowerCase()),
    isPublicOrigin: (origin) => {
      const normalized = normalizedOrigin(origin);
      return normalized !== null && exact.has(normalized);
    },
    listening(actual) {
      if (actual !== port) build(actual);
    },
  };
}

/** A request's Host (host[:port], lower case): the header, else its URL's (requests made in-process). */
export function requestHost(request: Request): string {
  return (request.headers.get("host") ?? new URL(request.url).host).toLowerCase();
}
