// Case (n) of `npm run bench`: see app/p/[slug]/page.tsx. The page imports ../../baseline-data.ts
// (the SQL shared with case (l)), outside this package: the bundler's root is the repository's.
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../..", import.meta.url));

/** @type {import("next").NextConfig} */
export default {
  turbopack: { root: repository },
  outputFileTracingRoot: repository,
  poweredByHeader: false,
};
