import { describe, expect, it } from "vitest";
import { storeRows } from "../server/db/seed/reference-data.ts";
import { storeConfigSchema } from "./store-config.ts";

const stored = (storeRows("root", new Date())[0]?.config ?? {}) as Record<string, unknown>;

describe("store config: default country", () => {
  it("is Finland in both demo stores", () => {
    for (const row of storeRows("root", new Date())) expect(row.config.default_country_id).toBe("FI");
  });

  it("must be one of the store's countries", () => {
    const result = storeConfigSchema.safeParse({ ...stored, default_country_id: "US" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["default_country_id"]);
    expect(storeConfigSchema.parse({ ...stored, default_country_id: "SE" }).default_country_id).toBe("SE");
  });

  it("is the first country of a config stored before the setting existed", () => {
    const { default_country_id: _, ...old } = stored;
    const countries = [
      { id: "SE", full_name_locale: "Sweden" },
      { id: "FI", full_name_locale: "Finland" },
    ];
    expect(storeConfigSchema.parse({ ...old, countries }).default_country_id).toBe("SE");
    expect(storeConfigSchema.safeParse({ ...old, countries: [] }).success).toBe(false);
  });
});
