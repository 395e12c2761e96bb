import { describe, expect, it } from "vitest";
import { normalizeTrackingNumber, trackingUrl } from "./tracking.ts";

describe("tracking links", () => {
  it("open Posti's tracking page in the store's language", () => {
    expect(trackingUrl("posti", "JJFI12345678901234567", "fi")).toBe("https://www.posti.fi/fi/seuranta#/lahetys/JJFI12345678901234567");
    expect(trackingUrl("posti", "JJFI12345678901234567", "en")).toBe("https://www.posti.fi/en/tracking#/lahetys/JJFI12345678901234567");
  });

  it("open Matkahuolto's tracking page in the store's language", () => {
    expect(trackingUrl("matkahuolto", "MH1234567890", "fi")).toBe("https://www.matkahuolto.fi/seuranta?parcelNumber=MH1234567890");
    expect(trackingUrl("matkahuolto", "MH1234567890", "en")).toBe("https://www.matkahuolto.fi/en/seuranta?parcelNumber=MH1234567890");
  });

  it("never carry anything but the parcel's code into the address", () => {
    expect(trackingUrl("matkahuolto", "A&B=C", "fi")).toBe("https://www.matkahuolto.fi/seuranta?parcelNumber=A%26B%3DC");
  });
});

describe("tracking numbers", () => {
  it("are kept in capitals without spaces or dashes", () => {
    expect(normalizeTrackingNumber(" jjfi 1234-5678 9012 ")).toBe("JJFI123456789012");
  });

  it("are 6 to 35 letters and digits", () => {
    expect(normalizeTrackingNumber("12345")).toBeNull();
    expect(normalizeTrackingNumber("A".repeat(36))).toBeNull();
    expect(normalizeTrackingNumber("JJFI<script>")).toBeNull();
    expect(normalizeTrackingNumber("123456")).toBe("123456");
  });
});
