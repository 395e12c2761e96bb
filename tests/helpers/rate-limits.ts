// Every test shop serves all of its tests from one client address (in-process requests have
// none, the browser journeys share 127.0.0.1), so the rate limits a single shopper never meets
// would add up across a suite. Test shops count at thresholds far above anything a suite does;
// the tests of the limits themselves set low ones on their own shop (docs/decisions/0035).
import type { Config } from "../../server/config.ts";

const NAMES = [
  "RATE_LIMIT_CODES_PER_CART",
  "RATE_LIMIT_CODES_PER_ADDRESS",
  "RATE_LIMIT_CARTS_PER_ADDRESS",
  "RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS",
  "RATE_LIMIT_REGISTRATIONS_PER_ADDRESS",
  "RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS",
  "RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL",
  "RATE_LIMIT_LOGINS_PER_ADDRESS",
  "RATE_LIMIT_SEARCHES_PER_ADDRESS",
  "RATE_LIMIT_ORDER_LOOKUPS_PER_ADDRESS",
] as const satisfies readonly (keyof Config)[];

export type RateLimitConfig = Pick<Config, (typeof NAMES)[number]>;

/** For createServices (tests/helpers/test-app.ts): still counted, never reached. */
export const TEST_RATE_LIMITS = Object.fromEntries(NAMES.map((name) => [name, { max: 1_000_000, windowSeconds: 3600 }])) as RateLimitConfig;

/** For a shop process (tests/setup/shop.ts, tests/process): the same as settings. */
export const TEST_RATE_LIMITS_ENV: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, "1000000/1h"]));
