import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole routes' manifest as one cached module, not a part of it in every page plus a request
  // for more as links appear (decision 0050): the shop has some forty routes, and lazy discovery
  // cost every render a search of them all and every page load a scan of its links.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
