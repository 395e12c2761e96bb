// The HTTP edge words errors in the request's store language: zod's issues become
// invalid_input with the field and the rule it breaks, domain errors keep code and params.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { ENGLISH, type ErrorLanguage, handleError, zodErrorBody } from "./errors.ts";

const FI: ErrorLanguage = { locale: "fi", price: { symbol: "€", leftSide: false } };
const body = z.strictObject({
  cart_item_id: z.number().int().min(1),
  quantity: z.number().int().min(1).max(99),
  email: z.email().optional(),
  comment: z.string().max(10).optional(),
  code: z.string().min(3).optional(),
});

const issues = (input: unknown, language: ErrorLanguage) => {
  const result = body.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  return zodErrorBody(result.error, language);
};

describe("zod issues at the edge", () => {
  it("name the field and the rule, worded in the store's language", () => {
    expect(issues({ cart_item_id: 1 }, FI)).toEqual([
      { code: "invalid_input", field: "quantity", params: { rule: "required" }, message: "Tämä kenttä on pakollinen" },
    ]);
    expect(issues({ cart_item_id: 1, quantity: 100 }, FI)).toEqual([
      { code: "invalid_input", field: "quantity", params: { rule: "max", max: 99 }, message: "Anna luku, joka on enintään 99" },
    ]);
    expect(issues({ cart_item_id: 1, quantity: 0 }, ENGLISH)).toEqual([
      { code: "invalid_input", field: "quantity", params: { rule: "min", min: 1 }, message: "Enter a number of at least 1" },
    ]);
    expect(issues({ cart_item_id: 1, quantity: 1, email: "nobody" }, FI)[0]).toMatchObject({
      field: "email",
      message: "Anna kelvollinen sähköpostiosoite",
    });
    expect(issues({ cart_item_id: 1, quantity: 1, comment: "x".repeat(11) }, ENGLISH)[0]).toMatchObject({
      field: "comment",
      params: { rule: "maxLength", maxLength: 10 },
      message: "Insert at most 10 characters",
    });
    expect(issues({ cart_item_id: 1, quantity: 1, code: "ab" }, FI)[0]).toMatchObject({
      field: "code",
      params: { rule: "minLength", minLength: 3 },
      message: "Kirjoita vähintään 3 merkkiä",
    });
  });

  it("refuse keys a strict body does not take by name", () => {
    expect(issues({ cart_item_id: 1, quantity: 1, price: 0 }, FI)).toEqual([
      {
        code: "invalid_input",
        field: "body",
        params: { rule: "unknownKeys", value: "price" },
        message: "Pyyntö ei hyväksy näitä kenttiä: price",
      },
    ]);
  });
});

describe("handleError", () => {
  const app = (error: unknown, store?: ErrorLanguage) => {
    const hono = new Hono();
    hono.get("/", () => {
      throw error;
    });
    hono.onError((e, c) => {
      // The /api middleware puts the resolved store here; only its language matters to the edge.
      if (store) c.set("store" as never, { locale: store.locale, config: { base_currency_symbol: "€" }, leftSideCurrency: false } as never);
      return handleError(e, c, () => {});
    });
    return hono;
  };

  it("answers a domain refusal with its status, code, params and the message in the store's language", async () => {
    const response = await app(new AppError(400, "invoice_minimum", { params: { minimum: 50 }, field: "code" }), FI).request("/");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      {
        code: "invoice_minimum",
        params: { minimum: 50 },
        field: "code",
        message: "Laskulla voi maksaa tilaukset, joiden summa on vähintään 50,00\u00a0€",
      },
    ]);
  });

  it("words errors in English when no store was resolved, and never shows an unexpected error's text", async () => {
    const refused = await app(new AppError(409, "qty")).request("/");
    expect(await refused.json()).toEqual([{ code: "qty", message: "Unfortunately the requested quantity is not available" }]);
    const crash = await app(new Error("SELECT * FROM secrets failed"), FI).request("/");
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual([
      { code: "internal_error", message: "Valitettavasti jokin meni vikaan. Yritä hetken kuluttua uudelleen." },
    ]);
  });
});
