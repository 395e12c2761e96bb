// npm run loyalty -- enrol <email> [--store CODE] [--data-dir DIR]
// A membership joined at a brand store's till (decision 0072): the member has no account yet;
// registering with this email and "I am a member already" links it. Prints the member number.
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { createLoyaltyService } from "./service.ts";

const USAGE = `Usage: npm run loyalty -- enrol <email> [--store CODE] [--data-dir DIR]

  enrol <email>   a membership joined at a till, for an email with no account (again: the same number)
  --store CODE    the store the member joined in (default: en)
  --data-dir DIR  use the embedded database under DIR (default: DATA_DIR, else ./data);
                  without it, DATABASE_URL is used when set`;

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error). */
const pgCode = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { store: { type: "string", default: "en" }, "data-dir": { type: "string" }, help: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: false,
  });
  const [command, email, ...rest] = positionals;
  if (values.help || command !== "enrol" || !email || rest.length > 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const dataDir = typeof values["data-dir"] === "string" ? path.resolve(values["data-dir"]) : undefined;
  const database = await openDatabase({
    databaseUrl: dataDir ? undefined : config.DATABASE_URL,
    dataDir: dataDir ?? config.dataDir,
    poolSize: 1,
    notice: (message) => console.log(message),
  });
  try {
    const result = await createLoyaltyService({ db: database.db }).enrolInStore(email, String(values.store));
    console.log(`${result.joined ? "enrolled" : "already a member"}: ${result.member_number}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) console.error(`refused: ${error.code}`);
    else if (pgCode(error) === "23503") console.error(`no store with the code ${values.store}`);
    else throw error;
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
