/**
 * The client's say, on their own page, in whether their agent also gets the inspection report: the
 * report is the client's, and the agreement shares it with the agent only with their consent. Given
 * here or at booking, it is kept with the booking (the desk shows it); it can be taken back.
 */
import React from "react";
import type { ManagedBooking } from "../shared/managed-booking";
import { buttonStyles } from "../../../components/ui/button";

export function AgentReportChoice({
  choice,
  busy,
  onChoose,
}: {
  choice: NonNullable<ManagedBooking["agentReport"]>;
  busy: boolean;
  onChoose: (consent: boolean) => void;
}) {
  const { agent, consentedAt, reportDelivered } = choice;
  return (
    <section aria-labelledby="agent-report-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="agent-report-heading" className="text-xl font-semibold text-slate-900">
        Your agent and the report
      </h2>
      <p className="mt-2 text-slate-800" role="status">
        {consentedAt
          ? `Your agent (${agent}) gets the inspection report with you: you said so on ${consentedAt}.`
          : reportDelivered
            ? `Your report went to you alone on ${reportDelivered}. To share it, forward its e-mail to your agent (${agent}).`
            : `The inspection report goes to you alone. Your agent (${agent}) gets the booking's e-mails, and gets the report too only if you say so.`}
      </p>
      {(consentedAt || !reportDelivered) && (
        <button
          type="button"
          className={`${buttonStyles({ variant: "secondary" })} mt-4`}
          disabled={busy}
          onClick={() => onChoose(!consentedAt)}
        >
          {consentedAt ? "Keep the report to myself" : "Send the report to my agent too"}
        </button>
      )}
    </section>
  );
}
