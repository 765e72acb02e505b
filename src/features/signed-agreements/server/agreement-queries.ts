/**
 * Signed inspection agreements (the table `agreements`): one row per booking and terms, never
 * updated (a trigger refuses it). Read by the agreement that writes them and by what shows a
 * booking's signature (booking, desk, report, reminders), so it sits below them all.
 */
import type { Queryable } from "../../../lib/server/db/database";
import { runRead, type Read } from "../../../lib/server/db/one-trip";

export interface SignedAgreement {
  booking: string;
  terms: string;
  version: string;
  body: string;
  bodySha256: string;
  signerName: string;
  signedAt: string;
  clientAddress: string | null;
  userAgent: string | null;
  /**
   * The client the agreement names ("you"), from the booking's request: when the name typed to sign
   * is another (the page asked first), the signature reads "for <client> by <name>". Not a column:
   * read with the signature, null once the request is deleted.
   */
  clientName: string | null;
}

interface AgreementRow extends Record<string, unknown> {
  booking: string;
  terms: string;
  version: string;
  body: string;
  body_sha256: string;
  signer_name: string;
  signed_at: Date;
  client_address: string | null;
  user_agent: string | null;
  client_name: string | null;
}

const fromRow = (row: AgreementRow): SignedAgreement => ({
  booking: row.booking,
  terms: row.terms,
  version: row.version,
  body: row.body,
  bodySha256: row.body_sha256,
  signerName: row.signer_name,
  signedAt: new Date(row.signed_at).toISOString(),
  clientAddress: row.client_address,
  userAgent: row.user_agent,
  clientName: row.client_name,
});

/** The signature's columns; the client's name is kept with it (migration 0006), else read from the request. */
const SELECT = `SELECT a.*, coalesce(a.client_name, r.record->'request'->>'name') AS client_name
  FROM agreements a LEFT JOIN requests r ON r.reference = a.booking`;
/** The same without the agreement's text, for lists of many bookings that only say who signed and when. */
const SELECT_SIGNATURES = SELECT.replace(
  "a.*",
  "a.booking, a.terms, a.version, '' AS body, a.body_sha256, a.signer_name, a.signed_at, a.client_address, a.user_agent",
);

/** The signature that covers a booking's terms, if it has one. */
export async function findAgreement(db: Queryable, booking: string, terms: string): Promise<SignedAgreement | null> {
  const [row] = await db.query<AgreementRow>(`${SELECT} WHERE a.booking = $1 AND a.terms = $2`, [booking, terms]);
  return row ? fromRow(row) : null;
}

/** Every signature of the given bookings, newest first, as a read to run with others (one-trip.ts). */
export const agreementsRead = (bookings: readonly string[], { withText = true } = {}): Read<SignedAgreement[]> => ({
  sql: `${withText ? SELECT : SELECT_SIGNATURES} WHERE a.booking = ANY($1) ORDER BY a.signed_at DESC`,
  params: [bookings],
  rows: (rows) => (rows as AgreementRow[]).map(fromRow),
});

/** Every signature of the given bookings, newest first: the owner's view and feed. */
export async function agreementsOf(
  db: Queryable,
  bookings: readonly string[],
  options: { withText?: boolean } = {},
): Promise<SignedAgreement[]> {
  return bookings.length ? runRead(db, agreementsRead(bookings, options)) : [];
}

/**
 * Stores a signature with the client it names and the address they booked with (`clientEmail`,
 * exactly as given: a person's data is found by it); false when the booking's terms were signed
 * already (the first stands).
 */
export async function insertAgreement(
  tx: Queryable,
  agreement: SignedAgreement,
  clientEmail: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO agreements (booking, terms, version, body, body_sha256, signer_name, signed_at, client_address, user_agent,
       client_name, client_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, lower(btrim($11))) ON CONFLICT (booking, terms) DO NOTHING RETURNING booking`,
    [
      agreement.booking,
      agreement.terms,
      agreement.version,
      agreement.body,
      agreement.bodySha256,
      agreement.signerName,
      agreement.signedAt,
      agreement.clientAddress,
      agreement.userAgent,
      agreement.clientName,
      clientEmail,
    ],
  );
  return rows.length === 1;
}
