/**
 * How a signature reads, wherever it is shown: the booking's page and invite, the desk, the
 * signing page, the PDF and the e-mails. Below both booking and agreement, which both show it.
 */
import { isClientName } from "../shared/client-name";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import type { SignedAgreement } from "./agreement-queries";

/** When it was signed, as the client and the owner read it: Maryland's clock at that instant. */
export const signedAtText = (iso: string) => `${bookedTimeText(rfc3339(Date.parse(iso), MARYLAND))} (Maryland time)`;

/** Who signed, as the owner, the client and the PDF read it: "by Casey", or "for Casey by Pat". */
export const signedByText = (agreement: Pick<SignedAgreement, "signerName" | "clientName">) =>
  agreement.clientName && !isClientName(agreement.signerName, agreement.clientName)
    ? `for ${agreement.clientName} by ${agreement.signerName}`
    : `by ${agreement.signerName}`;

/** The lines under the text that say who signed, when and what. */
export function signatureLines(agreement: SignedAgreement): string[] {
  return [
    `Signed electronically ${signedByText(agreement)}`,
    `on ${signedAtText(agreement.signedAt)}, ${agreement.signedAt}`,
    `Booking ${agreement.booking}; agreement version ${agreement.version}`,
    `SHA-256 of the text signed: ${agreement.bodySha256}`,
  ];
}
