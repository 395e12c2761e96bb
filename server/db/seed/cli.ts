// npm run seed -- [--products N] [--data-dir DIR] [--reset]
// Loads the demo catalogue into the shop's database: the embedded one under DATA_DIR (or
// --data-dir), or the server DATABASE_URL names. Refuses a database that already holds a
// catalogue unless --reset, which drops every table first.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../../config.ts";
import { migrateDatabase, openDatabase, type Database } from "../client.ts";
import { seedDemoData } from "./generate.ts";

const USAGE = `Usage: npm run seed -- [--products N] [--data-dir DIR] [--reset]

  --products N    configurable products to create (default 300); 20 home products
                  and 3 gift cards are always added
  --data-dir DIR  use the embedded database under DIR (default: DATA_DIR, else ./data);
                  without it, DATABASE_URL is used when set
  --reset         drop ALL data and tables first (orders and content too), then migrate
  --help          show this text

Stop the shop first: the embedded database allows one process per data directory.`;

class UsageError extends Error {}

interface Args {
  products: number;
  dataDir: string | undefined;
  reset: boolean;
}

function parse(argv: string[]): Args | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      products: { type: "string" },
      "data-dir": { type: "string" },
      reset: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const products = values.products === undefined ? 300 : Number(values.products);
  if (!Number.isInteger(products) || products < 0) throw new UsageError(`--products must be a whole number >= 0, got "${values.products}"`);
  return { products, dataDir: values["data-dir"], reset: values.reset ?? false };
}

async function resetSchema(database: Database) {
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await migrateDatabase(database.pool);
}

async function holdsCatalogue(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ used: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM stores) AS used`,
  );
  return result.rows[0]?.used ?? false;
}

async function main(argv: string[]): Promise<number> {
  let args: Args | null;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  // An explicit --data-dir means the embedded database there, whatever DATABASE_URL says.
  const databaseUrl = args.dataDir ? undefined : config.DATABASE_URL;
  const dataDir = args.dataDir ? path.resolve(args.dataDir) : config.dataDir;
  console.log(`database: ${databaseUrl ? "DATABASE_URL" : `embedded, ${dataDir}`}`);
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2, notice: (message) => console.log(message) });
  try {
    if (args.reset) {
      console.log("dropping all tables and migrating again");
      await resetSchema(database);
    } else if (await holdsCatalogue(database)) {
      console.error("The database already holds a catalogue. Run again with --reset to drop ALL data and seed afresh.");
      return 1;
    }
    const started = Date.now();
    const counts = await seedDemoData(database.db, { products: args.products, log: (line) => console.log(`  ${line}`) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const n = (value: number) => value.toLocaleString("en-GB");
    console.log(
      `seeded ${n(counts.products)} products, ${n(counts.variants)} variants, ${n(counts.categories)} categories in ${seconds} s`,
    );
    return 0;
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
