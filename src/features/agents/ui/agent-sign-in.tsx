/**
 * An agent's sign-in, as the desk's (desk/ui/desk-sign-in.tsx): asks for a link by e-mail and,
 * when the page was opened from one (?signin=), offers the button that uses it; the page a sign-in
 * notice's link opens (?end=) offers the button that ends that session. The secret leaves the
 * address at once, and is used only when a person presses, so a mail scanner spends nothing.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import React, { useEffect, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { buttonStyles } from "../../../components/ui/button";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

const Alert = ({ error }: { error: unknown }) => (
  <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
    {readApiError(error).message}
  </p>
);

export function AgentSignIn({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const ask = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/agent/link", { email })).json()) as { message: string },
  });
  const use = useMutation({
    mutationFn: async (value: string) => apiRequest("POST", "/api/agent/sign-in", { token: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/agent/page"] }),
  });
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
          Sign in
        </button>
        {(use.isPending || use.isSuccess) && <p role="status">Signing you in…</p>}
      </div>
    );
  }
  return (
    <div className="max-w-md space-y-4">
      {use.isError && <Alert error={use.error} />}
      <p>
        For real-estate agents whose clients book with us: follow your clients&apos; inspections here. Sign in with a
        link sent to the address your clients&apos; bookings name: no password.
      </p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate();
        }}
      >
        <label className="block font-medium" htmlFor="agent-email">
          E-mail address
          <input
            id="agent-email"
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
      {ask.isError && <Alert error={ask.error} />}
    </div>
  );
}

export function EndAgentSession({ secret }: { secret: string }) {
  const [held] = useState(secret);
  useEffect(() => window.history.replaceState(null, "", window.location.pathname), []);
  const end = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/agent/end-by-notice", { end: held })).json()) as {
        ended: { client: string };
      },
  });
  return (
    <div className="max-w-md space-y-4">
      <p>
        This page came from the e-mail that told you of a sign-in with your address. If it was not you, end that session
        here.
      </p>
      {!end.isSuccess && (
        <button type="button" className={buttonStyles()} disabled={end.isPending} onClick={() => end.mutate()}>
          End that session
        </button>
      )}
      {end.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900">
          Ended the session signed in from the network address {end.data.ended.client}.
        </p>
      )}
      {end.isError && <Alert error={end.error} />}
    </div>
  );
}
