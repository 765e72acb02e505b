/**
 * /api/desk/<action>: the owner's desk. Signing in (sign-in.ts) needs no session; everything
 * else needs one (session.ts), and every change also needs this site's Origin. Reads:
 *   GET  session                      who is signed in, until when
 *   GET  days?from=YYYY-MM-DD&days=N  the bookings and time off of those days (desk-view.ts)
 *   GET  csv                          every booking as CSV (bookings-csv.ts)
 *   GET  attention                    what needs the owner's attention (attention.ts)
 * Changes (POST, JSON):
 *   link { email }, sign-in { token }, sign-out
 *   confirm { reference }, cancel { reference }, move { reference, start },
 *   hand { reference, inspector }, resend { reference }   (booking-actions.ts)
 *   time-off { inspector, from, to, note }, time-off-remove { reference }   (time-off.ts)
 *   delivered { reference }                                (report-delivered.ts)
 *   resend-signing { reference }                           (resend-signing.ts)
 *   book { the schedule form's fields, outsideHours }      (book-caller.ts: 201, or 400/409 as the form's)
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../business-data";
import { marylandToday } from "../../booking/maryland-today";
import type { Database } from "../db/database";
import { databaseOr503 } from "../http/database-or-503";
import { HttpError, sendFailure } from "../http/http-error";
import { throttle } from "../http/rate-limit";
import { readJsonBody } from "../http/read-body";
import { deliverNow } from "../mail/deliver-now";
import { bookCaller } from "./book-caller";
import { bookingsCsv } from "./bookings-csv";
import { cancelForClient, confirmForClient, handToInspector, moveForClient, resendToClient } from "./booking-actions";
import { deskItems, inspectorCount } from "./desk-view";
import { askForLink, signIn, signOut } from "./sign-in";
import { requireSameOrigin, requireSession } from "./session";
import { recordReportDelivered } from "./report-delivered";
import { resendSigningLink } from "./resend-signing";
import { needsAttention } from "./attention";
import { removeTimeOff, takeTimeOff, timeOffAsk } from "./time-off";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const APOLOGY = `Something went wrong on our side. Try again, or use \`npm run requests\` on the office machine.`;

type Change = (db: Database, body: Record<string, unknown>, now: Date, who: string) => Promise<object>;

const CHANGES: Record<string, Change> = {
  confirm: (db, body, now) => confirmForClient(db, body, now),
  cancel: (db, body, now) => cancelForClient(db, body, now),
  delivered: (db, body, now) => recordReportDelivered(db, body, now),
  move: (db, body, now) => moveForClient(db, body, now),
  hand: (db, body, now) => handToInspector(db, body, now),
  resend: (db, body, now) => resendToClient(db, body, now),
  "resend-signing": (db, body, now) => resendSigningLink(db, body, now),
  "time-off": (db, body, now, who) => takeTimeOff(db, timeOffAsk(body), who, now),
  "time-off-remove": (db, body, now) => {
    if (typeof body.reference !== "string") throw new HttpError(400, "Say which time off.");
    return removeTimeOff(db, body.reference, now);
  },
};

async function read(db: Database, req: GatsbyFunctionRequest, action: string, now: Date): Promise<object> {
  const session = await requireSession(db, req, now);
  if (action === "session")
    return { mailbox: session.mailbox, expiresAt: session.expiresAt, inspectors: inspectorCount() };
  if (action === "days") {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const from = typeof query.from === "string" && DATE.test(query.from) ? query.from : marylandToday(now);
    const days = Math.min(31, Math.max(1, Number(query.days) || 7));
    return { from, days, items: await deskItems(db, from, days, now.getTime()) };
  }
  if (action === "attention") return needsAttention(db, now.getTime());
  throw new HttpError(404, "The desk has no such page.");
}

export async function deskHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    const action = String((req.params as Record<string, string> | undefined)?.action ?? "");
    if (req.method === "GET") {
      const db = await databaseOr503(business.phone, "read");
      if (action === "csv") {
        await requireSession(db, req, now);
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="bookings-${marylandToday(now)}.csv"`);
        res.status(200).send(`${(await bookingsCsv(db, now.getTime())).join("\r\n")}\r\n`);
        return;
      }
      res.status(200).json(await read(db, req, action, now));
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    throttle(req, "desk", "Too many requests from your address. Please wait a few minutes.");
    const db = await databaseOr503(business.phone);
    if (action === "link") {
      const answer = await askForLink(db, req, now);
      await deliverNow();
      res.status(200).json(answer);
      return;
    }
    if (action === "sign-in") {
      const answer = await signIn(db, req, res, now);
      await deliverNow();
      res.status(200).json(answer);
      return;
    }
    if (action === "sign-out") {
      res.status(200).json(await signOut(db, req, res));
      return;
    }
    const change = CHANGES[action];
    if (!change && action !== "book") throw new HttpError(404, "The desk has no such action.");
    requireSameOrigin(req);
    const session = await requireSession(db, req, now);
    const body = (await readJsonBody(req)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") throw new HttpError(400, "Send the action's details as a JSON object.");
    if (!change) {
      // Answered as the schedule form's request is (201, or its refusals), its e-mails sent by the store.
      const booked = await bookCaller(req, body, now, session.mailbox);
      res.status(booked.status).json(booked.body);
      return;
    }
    const answer = await change(db, body, now, session.mailbox);
    await deliverNow();
    res.status(200).json(answer);
  } catch (error) {
    sendFailure(res, error, "desk", APOLOGY);
  }
}
