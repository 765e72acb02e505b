/**
 * Where the agreement's booking stands, as the signing page opens: the booking's time while it
 * stands, or that it was cancelled or let go (with the time it had); and, once signed, who signed
 * (for the client, when someone else did), when, and the signed copy to download. The text's version
 * is the signed copy's business (its PDF names it), not the reader's.
 */
import React from "react";
import { SentHeading } from "../../../components/forms/sent-heading";

export interface AgreementView {
  reference: string;
  status: "pending" | "booked" | "cancelled" | "expired";
  when: string;
  /** The client the agreement names as "you". */
  client: string;
  title: string;
  version: string;
  text: string;
  signed: null | {
    name: string;
    /** "by Casey Otherbuyer", or "for Casey Otherbuyer by Pat Agent". */
    by: string;
    signedAt: string;
    signedAtText: string;
    version: string;
    sha256: string;
  };
}

export const isLive = (view: Pick<AgreementView, "status">) => view.status === "pending" || view.status === "booked";

/** What a booking no longer standing is, in words. */
const ended: Record<"cancelled" | "expired", string> = {
  cancelled: "was cancelled",
  expired: "was not confirmed in time, so its time was released",
};

export function BookingLine({ view }: { view: AgreementView }) {
  if (!isLive(view)) {
    return (
      <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
        <p className="font-semibold">
          This booking {ended[view.status as keyof typeof ended]}: {view.when} is no longer booked.
        </p>
        <p className="mt-1 text-slate-800">
          Inspection <span className="font-mono whitespace-nowrap">{view.reference}</span>; the agreement below is kept
          as it was{view.signed ? " signed" : ", unsigned"}.
        </p>
      </div>
    );
  }
  return (
    <p className="text-slate-700">
      Inspection <strong className="font-mono whitespace-nowrap">{view.reference}</strong> for{" "}
      <strong>{view.client}</strong>, {view.when} (Maryland time).
    </p>
  );
}

export function SignedPanel({ view, pdfHref }: { view: AgreementView; pdfHref: string }) {
  const { signed } = view;
  if (!signed) return null;
  return (
    <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm" role="status">
      <SentHeading>Agreement signed</SentHeading>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Signed</dt>
        <dd>{signed.by}</dd>
        <dt className="font-semibold">When</dt>
        <dd>{signed.signedAtText}</dd>
      </dl>
      <p className="mt-4 text-slate-700">
        A signed copy (PDF) was e-mailed to the client&apos;s address.{" "}
        <a href={pdfHref} download className="font-medium text-brand-700 underline underline-offset-2">
          Download the signed copy (PDF)
        </a>
      </p>
    </div>
  );
}
