/**
 * Signing in without a password, for the desk and the agents' page alike (their functions share
 * src/lib/server/link-sign-in/): asks for a link by e-mail and, when the page was opened from one
 * (?signin=), offers the button that uses it. The token leaves the address at once, so it stays in no
 * history, and is used only when a person presses: a mail scanner that opens the link spends nothing.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import React, { useEffect, useState, type ReactNode } from "react";
import { readApiError } from "../../lib/http/api-error";
import { apiRequest } from "../../lib/http/api-request";
import { buttonStyles } from "../ui/button";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export const SignInAlert = ({ error }: { error: unknown }) => (
  <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
    {readApiError(error).message}
  </p>
);

export interface LinkSignInProps {
  /** The functions' base, /api/desk or /api/agent: its link and sign-in actions. */
  api: string;
  /** The query that reads who is signed in, read again once signed in. */
  signedInQuery: string;
  token: string | null;
  /** Who signs in here, and with which address. */
  intro: ReactNode;
  signInLabel: string;
  inputId: string;
}

export function LinkSignIn({ api, signedInQuery, token, intro, signInLabel, inputId }: LinkSignInProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const ask = useMutation({
    mutationFn: async () => (await (await apiRequest("POST", `${api}/link`, { email })).json()) as { message: string },
  });
  const use = useMutation({
    mutationFn: async (value: string) => apiRequest("POST", `${api}/sign-in`, { token: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [signedInQuery] }),
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
          {signInLabel}
        </button>
        {(use.isPending || use.isSuccess) && <p role="status">Signing you in…</p>}
      </div>
    );
  }
  return (
    <div className="max-w-md space-y-4">
      {use.isError && <SignInAlert error={use.error} />}
      <p>{intro}</p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate();
        }}
      >
        <label className="block font-medium" htmlFor={inputId}>
          E-mail address
          <input
            id={inputId}
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
      {ask.isError && <SignInAlert error={ask.error} />}
    </div>
  );
}

export interface EndedSession {
  ended: { mailbox?: string; client: string };
}

/**
 * The page a sign-in notice's link opens (?end=): one button that ends the session the notice was
 * about, and only that one, signed in or not. Nothing happens until a person presses it.
 */
export function EndSessionByNotice({
  api,
  secret,
  intro,
  endedText,
}: {
  api: string;
  secret: string;
  intro: ReactNode;
  endedText: (ended: EndedSession["ended"]) => ReactNode;
}) {
  const [held] = useState(secret);
  useEffect(() => window.history.replaceState(null, "", window.location.pathname), []);
  const end = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", `${api}/end-by-notice`, { end: held })).json()) as EndedSession,
  });
  return (
    <div className="max-w-md space-y-4">
      <p>{intro}</p>
      {!end.isSuccess && (
        <button type="button" className={buttonStyles()} disabled={end.isPending} onClick={() => end.mutate()}>
          End that session
        </button>
      )}
      {end.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900">
          {endedText(end.data.ended)}
        </p>
      )}
      {end.isError && <SignInAlert error={end.error} />}
    </div>
  );
}
