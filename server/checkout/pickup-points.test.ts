// Pickup points (decision 0010): the points nearest a postcode, choosing one with the
// pickup_point method (refused without one, or with one that does not exist), the order that
// carries it and the mail that says where the parcel goes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import type { PickupPoint } from "../../lib/pickup-points.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { DEMO_ADDRESS, shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "./service.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 11, 100);
  // 60 € a unit: invoice is on offer (from 50 €), shipping is not free (from 79 €).
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop.close());

type Points = { postcode: string; pickup_points: PickupPoint[] };
type Refusal = { message: string; code: string; field?: string; params?: Record<string, unknown> }[];

const list = (postcode: string, store: "en" | "fi" = "en") =>
  client.call<Points>("GET", `/api/checkout/pickup-points?postcode=${encodeURIComponent(postcode)}`, { store });

/** A cart with the product and the demo address (in 00100 Helsinki), no shipping method yet. */
async function cartWithAddress(store: "en" | "fi" = "en"): Promise<string> {
  const id = await client.newCart(store);
  const added = await client.call("POST", "/api/cart/", {
    cart: id,
    store,
    body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
  });
  expect(added.status).toBe(200);
  expect((await client.call("POST", "/api/checkout/shippingAddress", { cart: id, store, body: { address: DEMO_ADDRESS } })).status).toBe(
    200,
  );
  return id;
}

const chooseMethod = (cart: string, body: Record<string, unknown>, store: "en" | "fi" = "en") =>
  client.call<{ cart: Cart }>("POST", "/api/checkout/shippingMethods", { cart, store, body });
const cartOf = async (cart: string, store: "en" | "fi" = "en") =>
  (await client.call<{ cart: Cart }>("GET", "/api/cart", { cart, store })).body.cart;

describe("GET /api/checkout/pickup-points", () => {
  it("lists the five points nearest the postcode, nearest first, in the store's language", async () => {
    const en = await list("00100");
    expect(en.status).toBe(200);
    expect(en.body.postcode).toBe("00100");
    expect(en.body.pickup_points.map((p) => p.postcode)).toEqual(["00100", "00120", "00130", "00150", "00170"]);
    expect(en.body.pickup_points[0]).toMatchObject({
      name: "Pakettiautomaatti Kamppi",
      street: "Urho Kekkosen katu 1",
      city: "Helsinki",
      country_code: "FI",
      carrier: "Posti",
      opening_hours: "24 hours a day",
    });
    const fi = await list("00100", "fi");
    expect(fi.body.pickup_points.map((p) => p.id)).toEqual(en.body.pickup_points.map((p) => p.id));
    expect(fi.body.pickup_points[0]?.opening_hours).toBe("ympäri vuorokauden");
  });

  it("finds the points of other towns by their postcodes", async () => {
    const tampere = await list("33210");
    expect(tampere.body.pickup_points.slice(0, 2).map((p) => p.city)).toEqual(["Tampere", "Tampere"]);
    expect(tampere.body.pickup_points[0]?.postcode).toBe("33230");
    const oulu = await list("90560");
    expect(oulu.body.pickup_points.slice(0, 3).map((p) => p.city)).toEqual(["Oulu", "Oulu", "Oulu"]);
  });

  it("a postcode that is not five digits is a 400 naming the field, in the store's language", async () => {
    for (const postcode of ["123", "abcde", "001000", ""]) {
      const refused = await list(postcode, "fi");
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as Refusal)[0]).toMatchObject({
        code: "invalid_input",
        field: "postcode",
        message: "Anna kelvollinen postinumero",
      });
    }
  });

  it("is documented in the OpenAPI document, as is the choice's pickup_point_id", async () => {
    const doc = await client.call<{ paths: Record<string, Record<string, unknown>> }>("GET", "/api/openapi.json");
    expect(Object.keys(doc.body.paths["/api/checkout/pickup-points"] ?? {})).toContain("get");
    expect(JSON.stringify(doc.body.paths["/api/checkout/shippingMethods"])).toContain("pickup_point_id");
  });
});

describe("choosing a pickup point", () => {
  it("pickup_point needs a point: 400 pickup_point_required, and the cart is left as it was", async () => {
    const id = await cartWithAddress("fi");
    const refused = await chooseMethod(id, { method_code: "pickup_point" }, "fi");
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Refusal)[0]).toMatchObject({
      code: "pickup_point_required",
      field: "pickup_point_id",
      message: "Valitse noutopiste, johon paketti toimitetaan",
    });
    expect((await cartOf(id, "fi")).shipping_addresses[0]?.selected_shipping_method).toBeNull();
  });

  it("a point that does not exist: 400 pickup_point_unknown; an earlier choice stays", async () => {
    const id = await cartWithAddress();
    expect((await chooseMethod(id, { method_code: "home_delivery" })).status).toBe(200);
    const refused = await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: 99_999 });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Refusal)[0]).toMatchObject({
      code: "pickup_point_unknown",
      field: "pickup_point_id",
      message: "There is no such pickup point. Choose one from the list.",
    });
    expect((await cartOf(id)).shipping_addresses[0]?.selected_shipping_method?.method_code).toBe("home_delivery");
    // Not a number at all: the body's schema refuses it.
    expect((await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: "Kamppi" })).status).toBe(400);
  });

  it("a listed point is kept on the cart, priced as the pickup point method, and dropped with another method", async () => {
    const id = await cartWithAddress();
    const [nearest] = (await list(DEMO_ADDRESS.postcode)).body.pickup_points;
    if (!nearest) throw new Error("no pickup point near the demo address");
    const chosen = await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: nearest.id });
    expect(chosen.status).toBe(200);
    const address = chosen.body.cart.shipping_addresses[0];
    expect(address?.pickup_point).toEqual(nearest);
    expect(address?.selected_shipping_method).toMatchObject({ method_code: "pickup_point", amount: { value: 4.9 } });
    expect(chosen.body.cart.prices.shipping_including_tax.value).toBe(4.9);

    const home = await chooseMethod(id, { method_code: "home_delivery", pickup_point_id: nearest.id });
    expect(home.body.cart.shipping_addresses[0]?.pickup_point).toBeNull();
  });
});

describe("the order and its mail", () => {
  it("the order carries the chosen point, and the confirmation says where to pick the parcel up", async () => {
    const id = await cartWithAddress();
    const points = (await list("00530")).body.pickup_points;
    const point = points.find((p) => p.name === "Kallion Kulmakauppa");
    if (!point) throw new Error("Kallion Kulmakauppa is not near 00530");
    expect((await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: point.id })).status).toBe(200);
    expect((await client.call("POST", "/api/checkout/billingAddress", { cart: id, body: { same_as_shipping: true } })).status).toBe(200);
    expect((await client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "invoice" } })).status).toBe(200);
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id, body: {} });
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({ shipping_method: "pickup_point", pickup_point: point });
    expect(placed.body.order.totals.shipping).toBe(4.9);

    const { rows } = await shop.database.pool.query<{ id: number }>("SELECT id FROM orders WHERE order_number = $1", [
      placed.body.order.order_number,
    ]);
    const mail = await shop.services.checkout.confirmationMail({ orderId: rows[0]?.id }, shop.database.db);
    expect(mail?.text).toContain(
      [
        "Pickup point:",
        "  Kallion Kulmakauppa",
        "  Helsinginkatu 15",
        "  00530 Helsinki",
        "  Finland",
        "  Opening hours: Mon–Fri 8–21, Sat 9–18, Sun 12–18",
        "  Delivered by Matkahuolto",
      ].join("\n"),
    );
    expect(mail?.text).toContain("Shipping method: Pickup point");
    expect(mail?.html).toContain("Kallion Kulmakauppa");
  });

  it("a point removed after it was chosen: the cart has none, and the order asks for one", async () => {
    const id = await cartWithAddress();
    const { rows } = await shop.database.pool.query<{ id: number }>(
      `INSERT INTO pickup_points (carrier, name, street, postcode, city, opening_hours)
       VALUES ('Posti', 'Closing Soon', 'Testikatu 1', '00100', 'Helsinki', '{"en": "Today only", "fi": "Vain tänään"}') RETURNING id`,
    );
    const pointId = rows[0]?.id;
    // The shop reads its points once per wholesale change: an import of points records one.
    expect((await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: pointId })).status).toBe(400);
    await shop.services.versions.bump("catalog");
    const chosen = await chooseMethod(id, { method_code: "pickup_point", pickup_point_id: pointId });
    expect(chosen.status).toBe(200);
    await client.call("POST", "/api/checkout/billingAddress", { cart: id, body: { same_as_shipping: true } });
    await client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "invoice" } });
    expect((await cartOf(id)).can_place_order).toBe(true);

    await shop.database.pool.query("DELETE FROM pickup_points WHERE id = $1", [pointId]);
    const cart = await cartOf(id);
    expect(cart.shipping_addresses[0]?.pickup_point).toBeNull();
    expect(cart.can_place_order).toBe(false);
    const refused = await client.call("POST", "/api/checkout/placeOrder", { cart: id, body: {} });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Refusal)[0]).toMatchObject({ code: "pickup_point_required", field: "pickup_point_id" });
  });
});
