// The words of a query and the braces of suggested phrases (decision 0022).
import { describe, expect, it } from "vitest";
import { highlight, queryWords } from "./service.ts";
import { skuOfTicket, ticketOf } from "./wire.ts";

describe("queryWords", () => {
  it("keeps letters and digits (Finnish ones too), lower-cased, at most ten words", () => {
    expect(queryWords("  Sadetakki, KOKO 38! ")).toEqual(["sadetakki", "koko", "38"]);
    expect(queryWords("Päällystakki & ÄÖÅ")).toEqual(["päällystakki", "äöå"]);
    expect(queryWords(`"':*|&!()`)).toEqual([]);
    expect(queryWords("a b c d e f g h i j k l")).toHaveLength(10);
  });
});

describe("highlight", () => {
  it("braces the typed start of each word, else a compound's part of three letters or more", () => {
    expect(highlight("Brixtel parka", ["brix", "par"])).toBe("{Brix}tel {par}ka");
    expect(highlight("Hurmio sadetakki", ["takki"])).toBe("Hurmio sade{takki}");
    expect(highlight("Ombrella takki", ["tkki"])).toBe("Ombrella takki");
    expect(highlight("Sisu rain jacket", ["ra", "ja"])).toBe("Sisu {ra}in {ja}cket");
  });
});

describe("tickets", () => {
  it("name a product by its sku and refuse anything else", () => {
    expect(skuOfTicket(ticketOf("KP-100043"))).toBe("KP-100043");
    expect(skuOfTicket("forged")).toBeNull();
    expect(skuOfTicket(`p1.${Buffer.from("<script>").toString("base64url")}`)).toBeNull();
  });
});
