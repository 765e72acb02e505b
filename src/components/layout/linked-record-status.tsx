import React from "react";
import { readApiError } from "../../lib/http/api-error";
import { Spinner } from "../ui/spinner";
import { PhoneLink } from "./phone-link";

/**
 * What a page opened from an e-mailed link shows until its record is read: without the link or
 * when the server refuses it, why (and the phone number); while it loads, what it is finding.
 */
export function LinkedRecordStatus({
  token,
  error,
  phone,
  finding,
}: {
  token: string;
  error: unknown;
  phone: string;
  finding: string;
}) {
  if (!token || error) {
    return (
      <div className="space-y-3 text-slate-800">
        <p>{token ? readApiError(error).message : "This page opens from the link in your confirmation e-mail."}</p>
        <PhoneLink phone={phone} className="-ml-3" />
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <Spinner size="sm" /> {`Finding ${finding}…`}
    </p>
  );
}
