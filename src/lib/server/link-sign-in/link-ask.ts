/**
 * Asking for a sign-in link answers the same for every address, after the same work: one
 * transaction of the same statements records the ask (and, for an address that may sign in,
 * under the caps, stores the link and its e-mail in the rows an ask for any other address leaves
 * empty). The caller sends the e-mail after its answer, so neither says who may sign in.
 */
import type { Queryable } from "../db/database";
import { lockKeys } from "../db/advisory-locks";
import type { MailMessage } from "../mail/mailer";
import { LINK_MINUTES } from "./link-session";
import { newSecret, type LinkStore } from "./link-store";

const HOUR_MS = 60 * 60 * 1000;

/**
 * One plain address, as the HTML standard's e-mail field accepts it: no display name, no list,
 * no group, no comment, no quoting, nothing but letters, digits and the few marks a local part
 * may hold; anything else (a comma, a colon, a NUL, a lone surrogate) is no address at all.
 */
const PLAIN_ADDRESS =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The typed text as one plain address, folded (trimmed, lower case), or null when it is not one. */
export function plainAddress(typed: string): string | null {
  const address = typed.trim().toLowerCase();
  return address.length <= 254 && PLAIN_ADDRESS.test(address) ? address : null;
}

export interface LinkAsk {
  /** The address as stored that may sign in, or null for any other text. */
  person: string | null;
  client: string;
  now: Date;
}

export interface LinkAskWay {
  store: LinkStore;
  /** Names the advisory locks: "desk-link", "agent-link". */
  lockName: string;
  caps: { perMailboxPerHour: number; perClientPerHour: number };
  /** The link the e-mail carries, for a token. */
  linkOf: (token: string) => string;
  mailOf: (to: string, link: string, minutes: number, now: number) => MailMessage;
  /** Stores the ask as a request with its e-mails (none, or the link's); its reference. */
  storeRequest: (
    tx: Queryable,
    sent: boolean,
    mails: ReadonlyArray<{ message: string; mail: MailMessage }>,
  ) => Promise<string>;
  /** The message name of the link's e-mail ("deskLink", "agentLink"). */
  message: string;
}

/**
 * Records an ask for a link to `person` from `client`, and stores the link and its e-mail when it
 * may be sent. The same statements run whatever `person` is: the caps are read, the ask is a
 * request (with no e-mail, or one) and a row of the links' table (with no link, or one). Returns
 * the request, whose e-mail is to be sent.
 */
export async function recordAsk(tx: Queryable, way: LinkAskWay, { person, client, now }: LinkAsk): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000);
  await lockKeys(tx, [`${way.lockName}:${person ?? "nobody's"}`, `${way.lockName}-client:${client}`]);
  const asked = await way.store.linkAsksSince(tx, {
    mailbox: person,
    client,
    since: new Date(now.getTime() - HOUR_MS).toISOString(),
  });
  const sendTo =
    person !== null && asked.sentToMailbox < way.caps.perMailboxPerHour && asked.fromClient < way.caps.perClientPerHour
      ? person
      : null;
  const link = way.linkOf(token);
  const reference = await way.storeRequest(
    tx,
    sendTo !== null,
    sendTo ? [{ message: way.message, mail: way.mailOf(sendTo, link, LINK_MINUTES, now.getTime()) }] : [],
  );
  await way.store.insertLinkAsk(tx, {
    client,
    at: now,
    expiresAt,
    reference,
    link: sendTo ? { mailbox: sendTo, token } : null,
  });
  return reference;
}
