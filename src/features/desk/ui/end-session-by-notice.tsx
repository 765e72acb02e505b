/**
 * The page a sign-in notice's link opens (?end=): one button that ends the session the notice was
 * about, and only that one, signed in or not. Like the sign-in link, nothing happens until a
 * person presses it, so a mail scanner that opens the link ends nothing.
 */
import { useMutation } from "@tanstack/react-query";
import React, { useEffect, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { buttonStyles } from "../../../components/ui/button";

interface Ended {
  ended: { mailbox: string; client: string };
}

export function EndSessionByNotice({ secret }: { secret: string }) {
  const [held] = useState(secret);
  useEffect(() => window.history.replaceState(null, "", window.location.pathname), []);
  const end = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/desk/end-by-notice", { end: held })).json()) as Ended,
  });
  return (
    <div className="max-w-md space-y-4">
      <p>
        This page came from the e-mail that told you of a sign-in to the desk. If you do not know that sign-in, end its
        session here: whoever it is must then sign in again, with a link sent to one of the desk&apos;s addresses.
      </p>
      {!end.isSuccess && (
        <button type="button" className={buttonStyles()} disabled={end.isPending} onClick={() => end.mutate()}>
          End that session
        </button>
      )}
      {end.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900">
          Ended the session of {end.data.ended.mailbox}, signed in from the network address {end.data.ended.client}. The
          desk&apos;s Sessions view lists any other.
        </p>
      )}
      {end.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
          {readApiError(end.error).message}
        </p>
      )}
    </div>
  );
}
