// Starts the real shop for the browser journeys, exactly as `npm start` does — production
// build, embedded PostgreSQL in a fresh DATA_DIR, demo data loaded on first start — and
// stops it with SIGTERM afterwards.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ALTCHA_TEST_ENV } from "../helpers/captcha.ts";
import { startShopProcess } from "../helpers/shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    shopPort: number;
    /** The shop's DATA_DIR: its mail folder (DATA_DIR/mail) holds what it sent. */
    shopDataDir: string;
    /** The shop's OPERATOR_TOKEN: the journeys report shipments as the warehouse does. */
    operatorToken: string;
    /** The shop's CONTENT_PREVIEW_SECRET: the journeys open drafts as an editor does. */
    previewSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-e2e-"));
  fs.chmodSync(dataDir, 0o755);
  const operatorToken = randomBytes(32).toString("base64url");
  const previewSecret = randomBytes(24).toString("base64url");
  // The check against bots at a cost the browser solves at once (never switched off).
  const shop = await startShopProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...ALTCHA_TEST_ENV,
    OPERATOR_TOKEN: operatorToken,
    CONTENT_PREVIEW_SECRET: previewSecret,
  });
  project.provide("shopPort", shop.port);
  project.provide("shopDataDir", dataDir);
  project.provide("operatorToken", operatorToken);
  project.provide("previewSecret", previewSecret);
  return async () => {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
