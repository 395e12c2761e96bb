// Reports a parcel that left the warehouse (docs/operations.md "Shipments"): calls the running
// shop's operator API with OPERATOR_TOKEN from the environment, so it works the same against one
// process or a fleet behind a load balancer.
//   OPERATOR_TOKEN=… npm run ship -- EN0000001 posti JJFI64012345678901234 [--shipped-at 2026-05-04T09:30:00Z] [--url http://localhost:3000]
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { url: { type: "string", default: "http://localhost:3000" }, "shipped-at": { type: "string" } },
});
const [orderNumber, carrier, trackingNumber] = positionals;
const token = process.env.OPERATOR_TOKEN;
if (!orderNumber || !carrier || !trackingNumber || positionals.length !== 3) {
  console.error("Usage: npm run ship -- <order number> <posti|matkahuolto> <tracking number> [--shipped-at ISO] [--url shop URL]");
  process.exit(2);
}
if (!token) {
  console.error("Set OPERATOR_TOKEN to the shop's operator token.");
  process.exit(2);
}

const response = await fetch(new URL(`/api/operator/orders/${encodeURIComponent(orderNumber)}/shipments`, values.url), {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({
    carrier,
    tracking_number: trackingNumber,
    ...(values["shipped-at"] ? { shipped_at: values["shipped-at"] } : {}),
  }),
}).catch((error: unknown) => {
  console.error(`The shop at ${values.url} did not answer: ${error instanceof Error ? (error.cause ?? error.message) : error}`);
  process.exit(1);
});
const body = (await response.json()) as { shipment?: Record<string, string> } | { message: string }[];
if (!response.ok || !("shipment" in body) || !body.shipment) {
  const message = Array.isArray(body) ? body[0]?.message : JSON.stringify(body);
  console.error(`Refused (${response.status}): ${message}`);
  process.exit(1);
}
const s = body.shipment;
console.log(
  `${response.status === 201 ? "Recorded" : "Already recorded"}: shipment ${s.shipment_number} of order ${s.order_number}, ${s.carrier} ${s.tracking_number}`,
);
