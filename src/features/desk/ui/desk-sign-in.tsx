/**
 * Signing in to the desk: asks for a link by e-mail, and, when the page was opened from one
 * (?signin=), offers the button that uses it. The token is taken out of the address at once, so
 * it stays in no history, and used only when a person presses the button: a mail scanner that
 * opens the link, scripts and all, leaves it unspent.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import React, { useEffect, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { buttonStyles } from "../../../components/ui/button";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export function DeskSignIn({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const ask = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/desk/link", { email })).json()) as { message: string },
  });
  const use = useMutation({
    mutationFn: async (value: string) => apiRequest("POST", "/api/desk/sign-in", { token: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/desk/session"] }),
  });
  // The link's token, kept in this page's memory only once it is out of the address.
  const [held] = useState(token);
  useEffect(() => {
    if (token) window.history.replaceState(null, "", window.location.pathname);
  }, [token]);

  if (held && !use.isError) {
    return (
      <div className="max-w-md space-y-4">
        <p>This page came from the sign-in link e-mailed to you. The link works once, within 15 minutes.</p>
        <button
          type="button"
          className={buttonStyles()}
          disabled={use.isPending || use.isSuccess}
          onClick={() => use.mutate(held)}
        >
          Sign in to the desk
        </button>
        {(use.isPending || use.isSuccess) && <p role="status">Signing you in…</p>}
      </div>
    );
  }
  return (
    <div className="max-w-md space-y-4">
      {use.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
          {readApiError(use.error).message}
        </p>
      )}
      <p>The desk is for the business only. Sign in with a link sent to the business mailbox: no password.</p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate();
        }}
      >
        <label className="block font-medium" htmlFor="desk-email">
          E-mail address
          <input
            id="desk-email"
            className={field}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <button type="submit" className={buttonStyles()} disabled={ask.isPending}>
          Send me a sign-in link
        </button>
      </form>
      {ask.isSuccess && <p role="status">{ask.data.message}</p>}
      {ask.isError && <p role="alert">{readApiError(ask.error).message}</p>}
    </div>
  );
}
