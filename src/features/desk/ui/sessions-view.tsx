/**
 * The desk's "Sessions" view: everyone signed in now, since when and from which network address,
 * with "End this session" on each and "End every other session". A session the owner does not
 * know is ended here at once; ending one's own signs out.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import type { SessionView } from "../shared/desk-sessions";
import { buttonStyles } from "../../../components/ui/button";

export const SESSIONS_KEY = ["/api/desk/sessions"];

const CARD = "space-y-1 rounded-lg border border-slate-300 bg-white p-3 text-sm [overflow-wrap:anywhere]";

export function SessionsView({ onSaid }: { onSaid: (text: string, alert: boolean) => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery<{ sessions: SessionView[] }>({ queryKey: SESSIONS_KEY });
  const end = useMutation({
    mutationFn: async ({ action, body }: { action: "end-session" | "end-other-sessions"; body: object }) =>
      (await (await apiRequest("POST", `/api/desk/${action}`, body)).json()) as {
        ended: number | number[];
        signedOut?: boolean;
      },
    onSuccess: (answer) => {
      if (answer.signedOut) {
        queryClient.setQueryData(["/api/desk/session"], null);
        return;
      }
      const count = Array.isArray(answer.ended) ? answer.ended.length : 1;
      onSaid(
        count === 0
          ? "There was no other session to end."
          : `Ended ${count === 1 ? "that session" : `${count} sessions`}: whoever used ${count === 1 ? "it" : "them"} must sign in again with a link.`,
        false,
      );
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (failure) => onSaid(`Nothing was ended: ${readApiError(failure).message}`, true),
  });
  if (sessions.isError) return <p role="alert">{readApiError(sessions.error).message}</p>;
  if (!sessions.data) return <p role="status">Reading the sessions…</p>;
  const list = sessions.data.sessions;
  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <h2 id="sessions-title" className="text-xl font-semibold">
        Signed in now
      </h2>
      <p className="text-slate-700">
        Each sign-in to the desk, until it signs out or ends 10 hours after it began. End any you do not recognise.
      </p>
      <ul className="space-y-2">
        {list.map((session) => (
          <li key={session.number} className={CARD}>
            <p className="font-semibold">
              {session.mailbox}
              {session.current ? " (this session)" : ""}
            </p>
            <p>Signed in {session.since}</p>
            <p>From the network address {session.client}</p>
            <p className="text-slate-700">Ends {session.until} at the latest</p>
            <div className="pt-1">
              <button
                type="button"
                className={buttonStyles({ variant: "secondary" })}
                disabled={end.isPending}
                onClick={() => end.mutate({ action: "end-session", body: { number: session.number } })}
              >
                {session.current ? "End this session (sign out)" : `End the session of ${session.mailbox}`}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <button
          type="button"
          className={buttonStyles()}
          disabled={end.isPending}
          onClick={() => end.mutate({ action: "end-other-sessions", body: {} })}
        >
          End every other session
        </button>
      )}
    </section>
  );
}
