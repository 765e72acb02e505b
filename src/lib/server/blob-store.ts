/**
 * The durable store on Netlify: Netlify Blobs, read with strong consistency. Every write that must
 * happen once is a create-if-absent (`onlyIfNew`), so it holds across function instances:
 *
 * - `requests/<kind>/<key or reference>`: the request. A repeated Idempotency-Key finds it.
 * - `pending/<kind>/<key or reference>`: written before a request that has e-mail to deliver, and
 *   deleted once every e-mail of it is sent or given up: a delivery pass lists only these, so it
 *   costs the same however many requests were ever stored. (A marker whose request never came,
 *   because the instance died in between, is deleted by the next pass that finds it old.)
 * - `confirmations/<hash of the mailbox>/<time>-<reference>`: one per confirmation, to count a day's
 *   (the mailbox the address reaches, see mailbox-address.ts, so its spellings count together).
 * - `deliveries/<reference>/<message>/<try>/claim` and `.../outcome`: one claim and one outcome per
 *   try of each e-mail; only the instance whose claim was new sends that try.
 * - `slots/<date>/<inspector>/<unit>`: inspector time a booking holds, created `onlyIfNew`, so two
 *   instances can never give the same inspector's time to two visitors; `bookings/<reference>`:
 *   where each booking stands, written before its request is stored.
 */
import { createHash, randomUUID } from "node:crypto";
import { getStore, type Store } from "@netlify/blobs";
import { mailboxOf } from "./mail/mailbox-address";
import { claimFirstFreeInspector } from "./slot-claim";
import { processState } from "./http/runtime";
import {
  CLAIM_LEASE_MS,
  type BookingState,
  type DeliveryEvent,
  type MessageName,
  type RequestStore,
  type SlotStore,
  type StoredEntry,
  type StoredRequest,
} from "./store-types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A pending marker with no request after this long was left by an instance that died before storing it. */
const ORPHAN_MARKER_MS = 10 * 60 * 1000;
/** Written once every request stored before the pending markers existed has one where it needs it. */
const MARKERS_COMPLETE = "meta/pending-markers-complete";

interface Connection {
  siteID: string;
  token: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
  apiURL?: string;
}

const decode = (value: string) => JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Record<string, string>;

/**
 * Where the Blobs are, read here rather than left to the package: Gatsby's function compiler
 * replaces process.env.X at build time, and a Netlify function of the Gatsby adapter receives the
 * Blobs credentials in its event rather than in the environment.
 */
function connection(env: NodeJS.ProcessEnv, lambdaEvent?: unknown): Connection {
  const event = lambdaEvent as { blobs?: string; headers?: Record<string, string> } | undefined;
  if (event?.blobs) {
    const data = decode(event.blobs);
    return {
      siteID: event.headers?.["x-nf-site-id"] ?? env.SITE_ID ?? "",
      token: data.token!,
      edgeURL: data.url,
      uncachedEdgeURL: data.url_uncached ?? data.url,
    };
  }
  // Netlify's newer functions (the scheduled one) get the context in the environment or on globalThis.
  const context = env.NETLIFY_BLOBS_CONTEXT ?? (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext;
  if (context) {
    const data = decode(context);
    return {
      siteID: data.siteID!,
      token: data.token!,
      edgeURL: data.edgeURL,
      uncachedEdgeURL: data.uncachedEdgeURL ?? data.edgeURL,
      apiURL: data.apiURL,
    };
  }
  // A personal access token, set by the site's owner, with the API.
  return { siteID: env.SITE_ID!, token: env.NETLIFY_BLOBS_TOKEN! };
}

const addressKey = (address: string) => createHash("sha256").update(mailboxOf(address)).digest("hex").slice(0, 32);

async function listKeys(store: Store, prefix: string): Promise<string[]> {
  const { blobs } = await store.list({ prefix });
  return blobs.map((blob) => blob.key).sort();
}

export function blobStore(env: NodeJS.ProcessEnv, lambdaEvent?: unknown): RequestStore {
  const where = connection(env, lambdaEvent);
  const store = getStore({ name: "requests", consistency: "strong", ...where });
  const read = async <T>(key: string) => (await store.get(key, { type: "json", consistency: "strong" })) as T | null;
  const id = `blobs:${where.siteID}`;
  const queue = processState("blob-store-queue", () => ({ tail: Promise.resolve() as Promise<unknown> }));

  /** The tries of one message: claim and outcome of each, in order. */
  async function tries(reference: string, message: MessageName) {
    const keys = await listKeys(store, `deliveries/${reference}/${message}/`);
    const numbers = [...new Set(keys.map((key) => Number(key.split("/")[3])))].sort((a, b) => a - b);
    return Promise.all(
      numbers.map(async (number) => ({
        number,
        claim: await read<DeliveryEvent>(`deliveries/${reference}/${message}/${number}/claim`),
        outcome: await read<DeliveryEvent>(`deliveries/${reference}/${message}/${number}/outcome`),
      })),
    );
  }

  async function eventsOf(reference: string): Promise<DeliveryEvent[]> {
    const events: DeliveryEvent[] = [];
    for (const message of ["business", "confirmation", "agentConfirmation"] as const) {
      for (const attempt of await tries(reference, message)) {
        if (attempt.claim) events.push(attempt.claim);
        if (attempt.outcome) events.push(attempt.outcome);
      }
    }
    return events;
  }

  /**
   * Requests stored before the pending markers existed get theirs, once per store: a full listing
   * the first time a pass runs, then never again.
   */
  async function markEarlierRequests() {
    if (await read(MARKERS_COMPLETE)) return;
    for (const key of await listKeys(store, "requests/")) {
      const record = await read<StoredRequest>(key);
      if (record?.mail) await store.setJSON(key.replace(/^requests\//, "pending/"), { at: Date.now() });
    }
    await store.setJSON(MARKERS_COMPLETE, { at: new Date().toISOString() }, { onlyIfNew: true });
  }

  const slotKey = (date: string, inspector: number, unit: string) => `slots/${date}/${inspector}/${unit}`;
  async function releaseKeys(keys: string[], holder: string) {
    for (const key of keys) {
      if ((await read<{ holder: string }>(key))?.holder === holder) await store.delete(key);
    }
  }
  const slots: SlotStore = {
    claim: (date, units, inspectors, holder) =>
      claimFirstFreeInspector(
        inspectors,
        (inspector) => units.map((unit) => slotKey(date, inspector, unit)),
        // Created now, or before by this holder (a retry): either way it is its own.
        async (key) =>
          (await store.setJSON(key, { holder, at: Date.now() }, { onlyIfNew: true })).modified ||
          (await read<{ holder: string }>(key))?.holder === holder,
        (keys) => releaseKeys(keys, holder),
      ),
    release: (date, inspector, units, holder) =>
      releaseKeys(
        units.map((unit) => slotKey(date, inspector, unit)),
        holder,
      ),
    async taken(dates) {
      const held = new Set<string>();
      for (const date of dates) {
        for (const key of await listKeys(store, `slots/${date}/`)) {
          const [, , inspector, unit] = key.split("/");
          const claim = await read<{ holder: string; at: number }>(key);
          if (!claim) continue;
          // A claim whose booking was cancelled, or never written because its instance died in
          // between, frees itself (a fresh one may be a booking being made right now).
          const booking = await read<BookingState>(`bookings/${claim.holder}`);
          if (booking ? booking.status !== "booked" : Date.now() - claim.at > ORPHAN_MARKER_MS) {
            await releaseKeys([key], claim.holder);
            continue;
          }
          held.add(`${inspector}/${unit}`);
        }
      }
      return (inspector, unit) => held.has(`${inspector}/${unit}`);
    },
    booking: (reference) => read<BookingState>(`bookings/${reference}`),
    saveBooking: async (state) => {
      await store.setJSON(`bookings/${state.reference}`, state);
    },
    async bookings() {
      const keys = await listKeys(store, "bookings/");
      const states = await Promise.all(keys.map((key) => read<BookingState>(key)));
      return states.filter((state): state is BookingState => state !== null);
    },
  };

  const blobs: RequestStore = {
    slots,
    id,
    storeOnce(kind, key, confirmTo, build) {
      // One at a time in this instance; across instances the onlyIfNew write decides.
      const run = async () => {
        const path = (name: string) => `requests/${kind}/${name}`;
        if (key) {
          const previous = await read<StoredRequest>(path(key));
          if (previous) return { record: previous, created: false };
        }
        const since = Date.now() - DAY_MS;
        const counts = new Map<string, number>();
        for (const address of confirmTo) {
          const sent = await listKeys(store, `confirmations/${addressKey(address)}/`);
          counts.set(address, sent.filter((name) => Number(name.split("/")[2]!.split("-")[0]) > since).length);
        }
        const final = build((address) => counts.get(address) ?? 0);
        const name = key ?? final.reference;
        if (final.mail) await store.setJSON(`pending/${kind}/${name}`, { at: Date.now() });
        const written = await store.setJSON(path(name), final, { onlyIfNew: true });
        if (!written.modified) {
          const winner = await read<StoredRequest>(path(key ?? final.reference));
          return { record: winner!, created: false };
        }
        for (const message of [final.mail?.confirmation, final.mail?.agentConfirmation]) {
          if (message) await store.set(`confirmations/${addressKey(message.to)}/${Date.now()}-${final.reference}`, "");
        }
        return { record: final, created: true };
      };
      const result = queue.tail.then(run, run);
      queue.tail = result.catch(() => undefined);
      return result;
    },
    async records() {
      const keys = await listKeys(store, "requests/");
      const found = await Promise.all(
        keys.map(async (key) => ({ kind: key.split("/")[1]!, record: (await read<StoredRequest>(key))! })),
      );
      return found
        .filter((entry) => entry.record)
        .sort((a, b) => a.record.receivedAt.localeCompare(b.record.receivedAt));
    },
    findByKey: (kind, key) => read<StoredRequest>(`requests/${kind}/${key}`),
    async unsettled() {
      await markEarlierRequests();
      const markers = await listKeys(store, "pending/");
      const found = await Promise.all(
        markers.map(async (marker) => {
          const [, kind, name] = marker.split("/") as [string, string, string];
          const record = await read<StoredRequest>(`requests/${kind}/${name}`);
          if (!record) {
            const written = await read<{ at: number }>(marker);
            if (!written || Date.now() - written.at > ORPHAN_MARKER_MS) await store.delete(marker);
            return null;
          }
          return { kind, record, events: await eventsOf(record.reference) };
        }),
      );
      return found.filter((entry) => entry !== null);
    },
    async settled({ kind, record }: StoredEntry) {
      await store.delete(`pending/${kind}/${record.idempotencyKey ?? record.reference}`);
    },
    async deliveryEvents(reference) {
      if (reference) return eventsOf(reference);
      const references = new Set((await listKeys(store, "deliveries/")).map((key) => key.split("/")[1]!));
      return (await Promise.all([...references].map(eventsOf))).flat();
    },
    async claim(reference, message) {
      const attempts = await tries(reference, message);
      const last = attempts.at(-1);
      let number = last ? last.number + 1 : 0;
      if (last && !last.outcome) {
        // A try without an outcome: still being sent, or its instance died and it is abandoned.
        if (Date.now() - Date.parse(last.claim!.at) <= CLAIM_LEASE_MS) return null;
        const abandoned = await store.setJSON(
          `deliveries/${reference}/${message}/${last.number}/outcome`,
          {
            reference,
            message,
            event: "failed",
            at: new Date().toISOString(),
            claim: last.claim!.claim,
            error: "abandoned",
          },
          { onlyIfNew: true },
        );
        if (!abandoned.modified) return null;
        number = last.number + 1;
      }
      const claim = `${number}:${randomUUID()}`;
      const event: DeliveryEvent = { reference, message, event: "claimed", claim, at: new Date().toISOString() };
      const written = await store.setJSON(`deliveries/${reference}/${message}/${number}/claim`, event, {
        onlyIfNew: true,
      });
      return written.modified ? claim : null;
    },
    async finish(reference, message, claim, outcome) {
      const number = claim.split(":")[0];
      await store.setJSON(
        `deliveries/${reference}/${message}/${number}/outcome`,
        { reference, message, claim, at: new Date().toISOString(), ...outcome },
        { onlyIfNew: true },
      );
    },
  };
  return blobs;
}
