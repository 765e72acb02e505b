/**
 * What is stored for a request and its e-mails, and the questions every store answers: the
 * outbox folder on one server (outbox.ts), Netlify Blobs on Netlify (blob-store.ts). The request
 * path and delivery depend on this module only, so imports run one way: store.ts picks a store.
 */
import type { MailMessage } from "./mailer";

export type MessageName = "business" | "confirmation";

/** One accepted request as stored. */
export interface StoredRequest {
  type: string;
  reference: string;
  receivedAt: string;
  /** The Idempotency-Key it came with, if any. */
  idempotencyKey?: string;
  /** A hash of the body, so a key reused for another request is recognised. */
  fingerprint?: string;
  /** What the first try was answered; a repeat of the key gets the same. */
  answer?: { status: number; body: object };
  /** The e-mails to deliver; null when no e-mail was configured at the time. */
  mail?: { from: string; business: MailMessage; confirmation: MailMessage | null } | null;
  [field: string]: unknown;
}

export interface DeliveryEvent {
  reference: string;
  message: MessageName;
  event: "claimed" | "sent" | "failed";
  at: string;
  /** Who claimed it: one id per delivering process and attempt. */
  claim?: string;
  error?: string;
  /** The mail server refused for good (a 5xx reply), not for now. */
  permanent?: boolean;
}

export type Outcome = { event: "sent" } | { event: "failed"; error: string; permanent: boolean };

/** A claim older than this is taken to be abandoned (its process died); the SMTP timeouts are far shorter. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** A stored request with its kind ("schedule-requests" or "contact-messages"). */
export interface StoredEntry {
  kind: string;
  record: StoredRequest;
}

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
  /** Every stored request, oldest first: for `npm run outbox` and the tests, never for a delivery pass. */
  records(): Promise<StoredEntry[]>;
  /**
   * The requests with an e-mail still to settle (not yet sent, not given up), each with its
   * delivery events: all a delivery pass reads, however many requests are stored.
   */
  unsettled(): Promise<Array<StoredEntry & { events: DeliveryEvent[] }>>;
  /** The delivery events (of one request, or all), in an order in which the first live claim since the last outcome is the holder. */
  deliveryEvents(reference?: string): Promise<DeliveryEvent[]>;
  /** Claims a message for sending; the claim's id if this caller won, null if another did. */
  claim(
    reference: string,
    message: MessageName,
    isLive: (events: DeliveryEvent[]) => string | undefined,
  ): Promise<string | null>;
  finish(reference: string, message: MessageName, claim: string, outcome: Outcome): Promise<void>;
  /** Tells the store that every e-mail of a request is settled, so no pass needs to read it again. */
  settled(entry: StoredEntry): Promise<void>;
}
