import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that opens with this comment has all
 * its functions compiled while it downloads, on a background thread, instead of each on the main
 * thread the first time it is called. A page's scripts are nearly all called at once (the
 * framework's top level, then hydration), so on a phone the main thread's script time falls by
 * a third to a half (decision 0062); other engines read it as a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Opens every browser chunk with the compile hint: each is loaded only when its code is about to
 * run (the page's own at its start, a lazy part when it is shown). After minifying, which would
 * drop the comment; the file names' hashes stay those of the code, which the comment does not vary.
 */
export function compileHints(): Plugin {
  return {
    name: "kauppa:compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // After Vite's own additions to a chunk's top (the dynamic imports' dependency map): the hint counts only as the file's first line.
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && !output.code.startsWith(COMPILE_HINT)) output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}
