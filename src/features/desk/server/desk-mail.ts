/**
 * The desk's e-mails: the sign-in link to one of its people, the notice of each sign-in to the
 * business mailbox. Each is stored as a request of kind 'desk-actions' with its deliveries in the
 * transaction that makes it, and so sent, retried and shown in the local mail view like every
 * other e-mail.
 */
import { business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import type { Queryable } from "../../../lib/server/db/database";
import { insertRequest } from "../../../lib/server/mail/outbox";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { plainAddress } from "../../../lib/server/link-sign-in/link-ask";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import { createReference } from "../../../lib/server/mail/reference";

export const DESK_ACTIONS = "desk-actions";

const lowerCase = (address: string) => address.trim().toLowerCase();

/** The business's own mailboxes: content/site.yaml's, and MAIL_TO where it is set. Each hears of every sign-in. */
export function businessMailboxes(env: NodeJS.ProcessEnv = runtimeEnv()): string[] {
  return [...new Set([business.email, ...(env.MAIL_TO ? [env.MAIL_TO] : [])].map(lowerCase))];
}

/**
 * Who may sign in to the desk: the business's mailboxes, and the people site.yaml lists
 * (`deskPeople`), each as stored there. A link goes to one of these addresses as stored, never
 * to text a visitor typed.
 */
export function deskPeople(env: NodeJS.ProcessEnv = runtimeEnv()): string[] {
  return [...new Set([...businessMailboxes(env), ...(business.deskPeople ?? []).map(lowerCase)])];
}

/** The desk person whose address `typed` is, exactly (case aside), or null for anything else. */
export function deskPersonOf(typed: string, env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  const address = plainAddress(typed);
  return address === null ? null : (deskPeople(env).find((person) => person === address) ?? null);
}

/** An instant as the owner reads it: "Thursday, November 26, 2026, 2:05 pm (Maryland time)". */
export const marylandText = (instant: number) => `${bookedTimeText(rfc3339(instant, MARYLAND))} (Maryland time)`;

/** Stores a desk request (its record, one line of what happened) and its e-mails. */
export async function storeDeskRequest(
  tx: Queryable,
  prefix: string,
  record: Record<string, unknown>,
  mails: ReadonlyArray<{ message: string; mail: MailMessage }>,
  now: Date,
): Promise<string> {
  const reference = createReference(prefix, now);
  const outgoing = outgoingMail(runtimeEnv());
  await insertRequest(
    tx,
    {
      kind: DESK_ACTIONS,
      reference,
      receivedAt: now.toISOString(),
      record,
      answer: { status: 200, body: {} },
      idempotencyKey: null,
      fingerprint: null,
    },
    mails.map(({ message, mail }) => outgoing(message, mail)),
    now.toISOString(),
  );
  return reference;
}

export function signInLinkMail(to: string, link: string, minutes: number, now: number): MailMessage {
  return {
    to,
    subject: `Your sign-in link to the desk of ${business.name}`,
    text: [
      "Hello,",
      "",
      `Someone asked on ${marylandText(now)} to sign in to the desk with this address. Open the link below and press "Sign in to the desk": it signs in once, within ${minutes} minutes.`,
      "",
      `  ${link}`,
      "",
      "If it was not you, ignore this e-mail: nothing happens without the link.",
      "",
      business.name,
    ].join("\n"),
  };
}

export function signInNoticeMail(to: string, who: string, from: string, endLink: string, now: number): MailMessage {
  return {
    to,
    subject: `Signed in to the desk: ${who}`,
    text: [
      `${who} signed in to the desk on ${marylandText(now)}, from the network address ${from}.`,
      "",
      "If that was not one of you, end that session, and only that one, on this page:",
      "",
      `  ${endLink}`,
      "",
      "The desk's Sessions view lists every session open now, and ends any of them. Then tell whoever looks after the site.",
    ].join("\n"),
  };
}
