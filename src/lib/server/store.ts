/**
 * Where requests and their delivery state are kept durably: the outbox folder on one server
 * (outbox.ts), Netlify Blobs on Netlify (blob-store.ts). Both answer the same questions, so the
 * request path and the delivery worker do not care which one they have.
 */
import { randomUUID } from "node:crypto";
import { blobStore } from "./blob-store";
import {
  appendDelivery,
  KINDS,
  outboxDir,
  readDeliveries,
  readOutbox,
  storeOnce,
  type DeliveryEvent,
  type MessageName,
  type StoredRequest,
} from "./outbox";
import { onNetlify, runtimeEnv } from "./runtime";

export type Outcome = { event: "sent" } | { event: "failed"; error: string };

export interface RequestStore {
  /** Names the store, for the in-process delivery lock. */
  id: string;
  /** Stores what `build` makes unless a request with this Idempotency-Key exists; then returns that one. */
  storeOnce(
    kind: string,
    key: string | undefined,
    /** The address a confirmation would go to: the build is told how many its mailbox got in 24 hours. */
    confirmTo: string,
    build: (confirmationsToday: number) => StoredRequest,
  ): Promise<{ record: StoredRequest; created: boolean }>;
  records(): Promise<Array<{ kind: string; record: StoredRequest }>>;
  /** The delivery events (of one request, or all), in an order in which the first live claim since the last outcome is the holder. */
  deliveryEvents(reference?: string): Promise<DeliveryEvent[]>;
  /** Claims a message for sending; the claim's id if this caller won, null if another did. */
  claim(
    reference: string,
    message: MessageName,
    isLive: (events: DeliveryEvent[]) => string | undefined,
  ): Promise<string | null>;
  finish(reference: string, message: MessageName, claim: string, outcome: Outcome): Promise<void>;
}

/** The outbox folder: claims are appended and the file read back; the first live claim wins. */
export function fileStore(dir: string): RequestStore {
  const processId = randomUUID();
  return {
    id: dir,
    storeOnce: (kind, key, confirmTo, build) => storeOnce(dir, kind, key, confirmTo, build),
    records: async () => KINDS.flatMap((kind) => readOutbox(dir, kind).map((record) => ({ kind, record }))),
    deliveryEvents: async (reference) =>
      readDeliveries(dir).filter((event) => !reference || event.reference === reference),
    async claim(reference, message, holder) {
      const claim = `${processId}:${randomUUID()}`;
      await appendDelivery(dir, { reference, message, event: "claimed", claim, at: new Date().toISOString() });
      return holder(readDeliveries(dir)) === claim ? claim : null;
    },
    finish: (reference, message, claim, outcome) =>
      appendDelivery(dir, { reference, message, claim, at: new Date().toISOString(), ...outcome }),
  };
}

/**
 * The store for this host: Netlify Blobs on Netlify (or wherever NETLIFY_BLOBS_CONTEXT names a
 * Blobs server), else the outbox folder; null when there is neither (a serverless host without Blobs).
 * `lambdaEvent` is the Netlify function's event, which carries the Blobs credentials.
 */
export function requestStore(env: NodeJS.ProcessEnv = runtimeEnv(), lambdaEvent?: unknown): RequestStore | null {
  const netlifyContext = (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext;
  const event = lambdaEvent as { blobs?: string } | undefined;
  if (env.NETLIFY_BLOBS_CONTEXT || netlifyContext || event?.blobs || (onNetlify(env) && env.NETLIFY_BLOBS_TOKEN)) {
    return blobStore(env, lambdaEvent);
  }
  const dir = outboxDir(env);
  return dir ? fileStore(dir) : null;
}
