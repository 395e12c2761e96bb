// npm run content -- export <dir> | import <dir> [--dry-run] [--data-dir DIR]
// Content in and out of a shop as files (contentful-export's format: content.json and assets/),
// so a shop can keep its content in version control. An import runs beside a running shop when
// the database is a server's (DATABASE_URL): every process shows it within two seconds.
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { ContentImportError, exportContent, importContent, type ImportCounts } from "./transfer.ts";

const USAGE = `Usage: npm run content -- export <dir> [--data-dir DIR]
       npm run content -- import <dir> [--dry-run] [--data-dir DIR]

  export <dir>    write the shop's content to <dir>/content.json and its files to <dir>/assets/
  import <dir>    check <dir> (content types, fields, links, files), then write it all in one
                  transaction; nothing is written when anything is wrong
  --dry-run       check and count only
  --data-dir DIR  use the embedded database and files under DIR (default: DATA_DIR, else ./data);
                  without it, DATABASE_URL is used when set
  --help          show this text

With the embedded database, stop the shop first (one process per data directory).`;

const describe = (counts: ImportCounts) =>
  `${counts.entries} entries (${counts.published} published, ${counts.drafts} drafts), ${counts.assets} assets, ` +
  `${counts.contentTypes} content types, ${counts.locales} locales`;

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (!parsed) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const databaseUrl = parsed.dataDir ? undefined : config.DATABASE_URL;
  const dataDir = parsed.dataDir ? path.resolve(parsed.dataDir) : config.dataDir;
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2, notice: (message) => console.log(message) });
  try {
    if (parsed.command === "export") {
      const counts = await exportContent(parsed.dir, { db: database.db, dataDir });
      console.log(`exported ${describe(counts)} to ${parsed.dir}`);
      return 0;
    }
    try {
      const counts = await importContent(parsed.dir, { db: database.db, dataDir, dryRun: parsed.dryRun });
      console.log(`${parsed.dryRun ? "dry run, nothing written: would import" : "imported"} ${describe(counts)}`);
      return 0;
    } catch (error) {
      if (!(error instanceof ContentImportError)) throw error;
      console.error(error.message);
      return 1;
    }
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      "dry-run": { type: "boolean", default: false },
      "data-dir": { type: "string" },
      help: { type: "boolean", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return null;
  const [command, dir, ...rest] = positionals;
  if (command !== "import" && command !== "export") throw new Error(`expected "import" or "export", got "${command ?? ""}"`);
  if (!dir) throw new Error(`${command} needs a folder`);
  if (rest.length > 0) throw new Error(`unexpected: ${rest.join(" ")}`);
  if (command === "export" && values["dry-run"]) throw new Error("--dry-run is for import");
  return { command, dir: path.resolve(dir), dryRun: values["dry-run"] ?? false, dataDir: values["data-dir"] } as const;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
