/**
 * A stand-in for Stripe on loopback, speaking the part of its API the site uses as Stripe's library sends it:
 * Checkout Sessions, PaymentIntents with their latest charge, and refunds, with Idempotency-Key honoured and
 * refunds refused past what is left, errors in Stripe's shape. It serves the hosted Checkout page, whose Pay
 * button posts a signed `checkout.session.completed` to the site's webhook. Tests can hold refunds back, refund
 * as the dashboard does, and post any event with its time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StubSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  expires_at: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  /** The line items as the site sent them (Stripe keeps them apart; the tests read them here). */
  line_items: unknown;
}

export interface StubRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface StripeStub {
  url: string;
  sessions: Map<string, StubSession>;
  /** Each refund made, once, however often it was asked for. */
  refunds: StubRefund[];
  /** The webhook the Pay button posts to: set once the site's server has an address. */
  webhookUrl: string;
  webhookSecret: string;
  /** A `checkout.session.completed` event for a session, with a new event id each time, as JSON. */
  completedEvent: (sessionId: string, created?: number) => string;
  /** An event of any type about `object`, created at `created` (seconds; now by default), as JSON. */
  event: (type: string, object: unknown, created?: number) => string;
  /** Signs `payload` and posts it to the site's webhook; the webhook's answer. */
  deliver: (payload: string) => Promise<Response>;
  /** The Stripe-Signature header for a payload: by default the site's secret, now. */
  signature: (payload: string, options?: { secret?: string; timestamp?: number }) => string;
  /** Marks a session paid (or, `delayed`, completed with a bank debit still to settle), without posting the event. */
  markPaid: (sessionId: string, options?: { delayed?: boolean }) => StubSession;
  /** Settles a delayed payment: the session is paid. */
  settle: (sessionId: string) => StubSession;
  /** A refund made in Stripe's dashboard: no idempotency key, no metadata. */
  refundInDashboard: (paymentIntent: string, amount: number) => StubRefund;
  /** Holds every refund asked from now until the returned function is called. */
  holdRefunds: () => () => void;
  /** How many times a refund was asked for, answered or not. */
  refundAsks: () => number;
  stop: () => Promise<void>;
}

/** Stripe's form encoding read back: `line_items[0][price_data][unit_amount]=175` as nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const stripeError = (res: ServerResponse, status: number, message: string, param?: string) => {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${status}` });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } }));
};

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { "content-type": "application/json", "request-id": "req_stub" });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

const checkoutPage = (session: StubSession) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Pay: stand-in for Stripe Checkout</title></head>
<body><main><h1>Pay $${(session.amount_total / 100).toFixed(2)}</h1>
<p>${session.customer_email ?? ""}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
<p><a href="${session.cancel_url}">Back</a></p></main></body></html>`;

/** The webhook secret the stand-in signs with unless told another. */
export const STUB_WEBHOOK_SECRET = "whsec_stubsecretfortests";

export async function startStripeStub(webhookSecret = STUB_WEBHOOK_SECRET, chosenPort?: number): Promise<StripeStub> {
  // Known once the server listens (port 0 unless chosen: nothing can take the port first).
  let url = "";
  const sessions = new Map<string, StubSession>();
  const refunds: StubRefund[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${(counter += 1).toString().padStart(6, "0")}`;
  const stripe = new Stripe("sk_test_stub");

  const markPaid = (id: string, { delayed = false }: { delayed?: boolean } = {}) => {
    const session = sessions.get(id)!;
    session.status = "complete";
    session.payment_status = delayed ? "unpaid" : "paid";
    session.payment_intent ??= nextId("pi");
    return session;
  };
  const settle = (id: string) => {
    const session = sessions.get(id)!;
    session.payment_status = "paid";
    return session;
  };
  const event = (type: string, object: unknown, created = Math.floor(Date.now() / 1000)) =>
    JSON.stringify({
      id: nextId("evt"),
      object: "event",
      type,
      api_version: "2025-10-29.clover",
      created,
      livemode: false,
      data: { object },
    });
  const completedEvent = (id: string, created?: number) =>
    event("checkout.session.completed", sessions.get(id), created);
  const signature: StripeStub["signature"] = (payload, options = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
  const refunded = (paymentIntent: string) =>
    refunds.filter((each) => each.payment_intent === paymentIntent).reduce((sum, each) => sum + each.amount, 0);
  const paidSession = (paymentIntent: string) =>
    [...sessions.values()].find((each) => each.payment_intent === paymentIntent && each.payment_status === "paid");
  const makeRefund = (paymentIntent: string, amount: number, metadata: Record<string, string>) => {
    const refund: StubRefund = {
      id: nextId("re"),
      object: "refund",
      amount,
      payment_intent: paymentIntent,
      status: "succeeded",
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  let asks = 0;
  let refundGate: Promise<void> | null = null;
  /** Requests made with an Idempotency-Key: the fields first sent, and the answer. */
  const keyed = new Map<string, { body: string; answer: unknown }>();

  const held = { webhookUrl: "" };
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", url).pathname;
      const body = req.method === "POST" ? await readBody(req) : "";
      if (req.method === "POST" && path === "/v1/refunds") {
        asks += 1;
        // Held, as a Stripe that does not answer; a retry with the same key then finds the first.
        if (refundGate) await refundGate;
      }
      const key = req.headers["idempotency-key"];
      if (req.method === "POST" && typeof key === "string" && keyed.has(`${path} ${key}`)) {
        const first = keyed.get(`${path} ${key}`)!;
        if (first.body !== body) {
          return stripeError(
            res,
            400,
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        }
        return json(res, first.answer);
      }
      const remember = (answer: unknown) => {
        if (typeof key === "string") keyed.set(`${path} ${key}`, { body, answer });
        return json(res, answer);
      };
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const form = parseStripeForm(body) as Record<string, Record<string, Record<string, unknown>>>;
        const expiresAt = Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 3600);
        const fromNow = expiresAt - Date.now() / 1000;
        if (fromNow < 30 * 60 - 60 || fromNow > 24 * 3600 + 60) {
          return stripeError(
            res,
            400,
            "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.",
            "expires_at",
          );
        }
        const amount = Number(
          form.line_items?.["0"]?.price_data &&
            (form.line_items["0"].price_data as { unit_amount: string }).unit_amount,
        );
        if (!Number.isInteger(amount) || amount <= 0) return stripeError(res, 400, "Invalid unit_amount", "line_items");
        const id = nextId("cs");
        const session: StubSession = {
          id,
          object: "checkout.session",
          url: `${url}/pay/${id}`,
          mode: String(form.mode),
          status: "open",
          payment_status: "unpaid",
          expires_at: expiresAt,
          amount_total: amount,
          currency: "usd",
          client_reference_id: (form.client_reference_id as unknown as string) ?? null,
          customer_email: (form.customer_email as unknown as string) ?? null,
          metadata: (form.metadata as unknown as Record<string, string>) ?? {},
          payment_intent: null,
          success_url: form.success_url as unknown as string,
          cancel_url: form.cancel_url as unknown as string,
          line_items: form.line_items,
        };
        sessions.set(id, session);
        return remember(session);
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
      if (sessionPath) {
        const session = sessions.get(sessionPath[1]!);
        if (!session) return stripeError(res, 404, "No such checkout.session");
        if (req.method === "GET" && !sessionPath[2]) return json(res, session);
        if (req.method === "POST" && sessionPath[2]) {
          if (session.status !== "open") {
            return stripeError(
              res,
              400,
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            );
          }
          session.status = "expired";
          return json(res, session);
        }
      }
      const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (req.method === "GET" && intentPath) {
        const paid = paidSession(intentPath[1]!);
        if (!paid) return stripeError(res, 404, `No such payment_intent: '${intentPath[1]}'`);
        const charge = {
          id: `ch_${paid.payment_intent}`,
          object: "charge",
          amount: paid.amount_total,
          amount_refunded: refunded(paid.payment_intent!),
        };
        // Stripe's library writes arrays as expand[0]=latest_charge.
        const expanded = [...new URL(req.url ?? "/", url).searchParams].some(
          ([name, value]) => name.startsWith("expand[") && value === "latest_charge",
        );
        return json(res, {
          id: paid.payment_intent,
          object: "payment_intent",
          amount_received: paid.amount_total,
          latest_charge: expanded ? charge : charge.id,
        });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const form = parseStripeForm(body) as Record<string, string> & { metadata?: Record<string, string> };
        const paid = paidSession(form.payment_intent!);
        if (!paid) return stripeError(res, 400, `No such payment_intent: '${form.payment_intent}'`, "payment_intent");
        const left = paid.amount_total - refunded(form.payment_intent!);
        const amount = form.amount ? Number(form.amount) : left;
        if (amount > left) {
          return stripeError(res, 400, "Refund amount is greater than unrefunded amount on charge", "amount");
        }
        return remember(makeRefund(form.payment_intent!, amount, form.metadata ?? {}));
      }
      const payPath = /^\/pay\/([\w]+)$/.exec(path);
      const session = payPath ? sessions.get(payPath[1]!) : undefined;
      if (req.method === "GET" && session) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(checkoutPage(session));
      }
      if (req.method === "POST" && session) {
        if (session.status !== "open") {
          res.writeHead(410, { "content-type": "text/plain" });
          return res.end("This Checkout Session is no longer open.");
        }
        markPaid(session.id);
        const payload = completedEvent(session.id);
        const answer = await fetch(held.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature(payload) },
          body: payload,
        });
        if (!answer.ok) {
          res.writeHead(502, { "content-type": "text/plain" });
          return res.end(`The site's webhook answered ${answer.status}: ${await answer.text()}`);
        }
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      if (req.method === "GET" && path === "/") {
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("A stand-in for Stripe's API, on loopback.");
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
    })().catch((error: unknown) => stripeError(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(chosenPort ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    refunds,
    get webhookUrl() {
      return held.webhookUrl;
    },
    set webhookUrl(value: string) {
      held.webhookUrl = value;
    },
    webhookSecret,
    completedEvent,
    event,
    deliver: (payload) =>
      fetch(held.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature(payload) },
        body: payload,
      }),
    signature,
    markPaid,
    settle,
    refundInDashboard: (paymentIntent, amount) => makeRefund(paymentIntent, amount, {}),
    holdRefunds: () => {
      let release = () => undefined as void;
      refundGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        refundGate = null;
        release();
      };
    },
    refundAsks: () => asks,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
