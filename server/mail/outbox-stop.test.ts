// Stopping the outbox (a shutdown) waits for the message in hand only: the rest of the batch
// stays in the outbox for the next process instead of holding the shutdown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import type { MailMessage } from "./mailer.ts";
import { createOutbox } from "./outbox.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("outbox stop", () => {
  it("ends after the message being sent and leaves the others unsent", async () => {
    const sent: MailMessage[] = [];
    let release = () => {};
    let sending = false;
    const mailer = {
      async send(message: MailMessage) {
        sending = true;
        // A slow mail server: the first message is accepted only once the test lets it go.
        if (sent.length === 0) await new Promise<void>((resolve) => (release = resolve));
        sent.push(message);
      },
    };
    const outbox = createOutbox({ db: database.db, mailer, pollMs: 0, log: () => {} });
    outbox.register("note", async (payload) => ({ to: "a@example.com", subject: String(payload.n), text: "", html: "" }));
    for (const n of [1, 2, 3]) await outbox.enqueue(database.db, "note", { n });

    outbox.start();
    await expect.poll(() => sending).toBe(true);
    const stopped = outbox.stop();
    release();
    await stopped;

    expect(sent.map((m) => m.subject)).toEqual(["1"]);
    const { rows } = await database.pool.query<{ n: number }>(
      "SELECT (payload->>'n')::int AS n FROM outbox WHERE kind = 'note' AND sent_at IS NULL ORDER BY id",
    );
    expect(rows.map((r) => r.n)).toEqual([2, 3]);
  });
});
