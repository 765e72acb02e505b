/**
 * On the client's data page: each booking whose agent sees it, and whether the agent may have the
 * report, with a button that ends it. It holds from the agent's next request.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import React from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { buttonStyles } from "../../../components/ui/button";
import type { AgentSight } from "../shared/agent-sight";

export function AgentSightView({ token, sights, queryKey }: { token: string; sights: AgentSight[]; queryKey: string }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: (reference: string) =>
      apiRequest("POST", "/api/privacy-data", { token, action: "end-agent-sight", reference }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryKey] }),
  });
  if (sights.length === 0) return null;
  return (
    <section aria-labelledby="agent-sight-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="agent-sight-title" className="text-lg font-semibold text-slate-900">
        What your agent sees
      </h2>
      <p className="text-slate-700">
        Your agent sees these bookings on their page with us (when, where, where each stands, whether the agreement is
        signed and the fee paid, whether the report is ready) and gets copies of their e-mails. Stop it, and they see
        the booking no more from their next visit; the report goes with it.
      </p>
      <ul className="space-y-3">
        {sights.map((sight) => (
          <li key={sight.reference} className="space-y-2 border-t border-slate-200 pt-3">
            <p>
              {sight.when}, {sight.property}: seen by {sight.agent}.{" "}
              {sight.report ? "They may have the report too." : "They may not have the report."}
            </p>
            <button
              type="button"
              className={buttonStyles({ variant: "secondary", size: "compact" })}
              disabled={end.isPending}
              onClick={() => end.mutate(sight.reference)}
            >
              Stop my agent seeing this booking
            </button>
          </li>
        ))}
      </ul>
      {end.isError && (
        <p role="alert" className="text-red-700">
          {readApiError(end.error).message}
        </p>
      )}
      {end.isSuccess && <p role="status">Done: your agent no longer sees that booking.</p>}
    </section>
  );
}
