import { CLAIM_LEASE_MS, messageState, retryDelay } from "./delivery";
import { DEFAULT_SETTINGS } from "../http/settings";
import type { DeliveryEvent } from "../store-types";

const at = (ms: number) => new Date(ms).toISOString();
const event = (ms: number, kind: DeliveryEvent["event"], claim?: string): DeliveryEvent => ({
  reference: "SR-1",
  message: "business",
  event: kind,
  at: at(ms),
  claim,
});

describe("messageState", () => {
  it("gives a message to the first claim; a later claim made while it is live loses", () => {
    const events = [event(1000, "claimed", "a"), event(1001, "claimed", "b")];
    expect(messageState("SR-1", "business", events, 2000, DEFAULT_SETTINGS)).toMatchObject({
      state: "sending",
      claim: "a",
    });
  });

  it("counts failures and waits longer after each, up to the most", () => {
    const events = [event(1000, "claimed", "a"), event(2000, "failed", "a")];
    expect(messageState("SR-1", "business", events, 3000, DEFAULT_SETTINGS)).toMatchObject({
      state: "pending",
      attempts: 1,
      dueAt: 2000 + retryDelay(1, DEFAULT_SETTINGS),
    });
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelay(attempts, DEFAULT_SETTINGS))).toEqual([
      5000, 10_000, 20_000, 30_000, 30_000,
    ]);
  });

  it("is sent for good once a sent line exists, whatever claims come after", () => {
    const events = [event(1000, "claimed", "a"), event(1500, "sent", "a"), event(1600, "claimed", "b")];
    expect(messageState("SR-1", "business", events, 2000, DEFAULT_SETTINGS)).toMatchObject({ state: "sent" });
  });

  it("takes a claim whose process died as abandoned after the lease, and lets a new claim win", () => {
    const events = [event(1000, "claimed", "dead")];
    expect(messageState("SR-1", "business", events, 1000 + CLAIM_LEASE_MS + 1, DEFAULT_SETTINGS)).toMatchObject({
      state: "pending",
    });
    const later = [...events, event(1000 + CLAIM_LEASE_MS + 1, "claimed", "b")];
    expect(messageState("SR-1", "business", later, 1000 + CLAIM_LEASE_MS + 2, DEFAULT_SETTINGS)).toMatchObject({
      claim: "b",
    });
  });
});
