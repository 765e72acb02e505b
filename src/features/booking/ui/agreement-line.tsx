/**
 * The agreement on a booking's own page, in its reader's words: who signed it and when; from the
 * client's own link, while it waits for them, the button that opens it to read and sign; from
 * another link (an agent's), that the client signs it; on a booking not kept, that it was not signed.
 */
import { Link } from "gatsby";
import React from "react";
import type { ManagedBooking } from "../shared/managed-booking";
import { buttonStyles } from "../../../components/ui/button";

export function AgreementLine({ booking }: { booking: ManagedBooking }) {
  if (booking.agreement) return <>{`Signed ${booking.agreement.by}, ${booking.agreement.signedAtText}`}</>;
  if (booking.status === "cancelled" || booking.status === "expired") return <>Not signed.</>;
  if (!booking.signPath) {
    return <>Not signed yet: only the client can sign it, from the link in their confirmation e-mail.</>;
  }
  return (
    <>
      Not signed yet: please read and sign it before the visit.
      <Link to={booking.signPath} className={`${buttonStyles()} mt-2 flex w-fit`}>
        Read and sign the agreement
      </Link>
    </>
  );
}
