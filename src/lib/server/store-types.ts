/**
 * What is stored for a request and its e-mails, and the questions every store answers: the
 * outbox folder on one server (outbox.ts), Netlify Blobs on Netlify (blob-store.ts). The request
 * path and delivery depend on this module only, so imports run one way: store.ts picks a store.
 */
import type { MailMessage } from "./mail/mailer";

/** The e-mails of a request: to the business, the confirmation, and a copy of it to an agent who booked. */
export type MessageName = "business" | "confirmation" | "agentConfirmation";

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
  mail?: {
    from: string;
    business: MailMessage;
    confirmation: MailMessage | null;
    agentConfirmation?: MailMessage | null;
  } | null;
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

/** Where a booking stands: the time it holds, or that it was cancelled. Rewritten on each change. */
export interface BookingState {
  reference: string;
  start: string;
  /** The inspector whose time it holds, and the units (open-times.ts) it holds of it. */
  inspector: number;
  date: string;
  units: string[];
  status: "booked" | "cancelled";
  /** How many times it was moved; each move is e-mailed to the business. */
  moves: number;
  updatedAt: string;
  /** The job, as the open times are worked out for it when the booking is moved. */
  job: { mainInspection: string; addOns: string[]; waterPackages: string[]; squareFeet: number; county: string };
  onSiteMinutes: number;
  /** What the owner's calendar shows of it: the address and the client. */
  ownerEvent: { summary: string; description: string; location: string };
}

/**
 * Inspector time held by bookings, in the units of src/lib/booking/open-times.ts: each unit of
 * each inspector is created once, if absent (an exclusive create on disk, `onlyIfNew` in Blobs),
 * so two visitors, on any instance or process, can never hold the same inspector at once.
 */
export interface SlotStore {
  /** Claims every unit of one inspector, the first with all free, all or none; the inspector, or null. */
  claim(date: string, units: readonly string[], inspectors: number, holder: string): Promise<number | null>;
  /** Gives back units this holder claimed (ones another holds are left alone). */
  release(date: string, inspector: number, units: readonly string[], holder: string): Promise<void>;
  /** Which units of the dates are held, whoever holds them. */
  taken(dates: readonly string[]): Promise<(inspector: number, unit: string) => boolean>;
  booking(reference: string): Promise<BookingState | null>;
  saveBooking(state: BookingState): Promise<void>;
  /** Every booking's state, for the owner's calendar feed. */
  bookings(): Promise<BookingState[]>;
}

export interface RequestStore {
  /** Inspector time and the bookings that hold it. */
  slots: SlotStore;
  /** Names the store, for the in-process delivery lock. */
  id: string;
  /** Stores what `build` makes unless a request with this Idempotency-Key exists; then returns that one. */
  storeOnce(
    kind: string,
    key: string | undefined,
    /** The addresses confirmations would go to: the build is told how many each mailbox got in 24 hours. */
    confirmTo: readonly string[],
    build: (confirmationsToday: (address: string) => number) => StoredRequest,
  ): Promise<{ record: StoredRequest; created: boolean }>;
  /** The request stored under an Idempotency-Key, if any. */
  findByKey(kind: string, key: string): Promise<StoredRequest | null>;
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
