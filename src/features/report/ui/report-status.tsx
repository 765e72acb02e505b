/**
 * The inspection report as its page shows it: not ready yet; ready but withheld, with exactly what
 * is missing and the button that does it (sign the agreement, pay the balance); or ready, with the
 * download. The agent the client named sees the same, without the client's buttons.
 */
import { formatCents, formatFileSize } from "../../../lib/text/format";
import React from "react";
import type { ReportStep, ReportView } from "../shared/report-view";
import { buttonStyles } from "../../../components/ui/button";

const STEP_TEXT: Record<ReportStep["what"], { client: string; agent: string; button: string }> = {
  sign: {
    client: "Sign the inspection agreement.",
    agent: "The client has not signed the inspection agreement yet.",
    button: "Sign the agreement",
  },
  pay: {
    client: "Pay the balance of the inspection fee.",
    agent: "The inspection fee is not paid in full yet.",
    button: "Pay the balance",
  },
};

function Step({ step, who, confirming }: { step: ReportStep; who: "client" | "agent"; confirming: boolean }) {
  const text = STEP_TEXT[step.what];
  const amount = step.cents ? ` ${formatCents(step.cents)}` : "";
  if (step.what === "pay" && confirming) {
    return (
      <li role="status">
        Your payment is being confirmed with our payment provider. This page updates by itself in a moment.
      </li>
    );
  }
  return (
    <li className="space-y-2">
      <p>
        {text[who]}
        {amount && ` Still to pay:${amount}.`}
      </p>
      {step.link && (
        <a className={buttonStyles()} href={step.link}>
          {text.button}
          {amount && `:${amount}`}
        </a>
      )}
    </li>
  );
}

/** `confirming`: back from Stripe's page, before the webhook has recorded the payment. */
export function ReportStatus({
  view,
  downloadHref,
  confirming = false,
}: {
  view: ReportView;
  downloadHref: string;
  confirming?: boolean;
}) {
  const what = `The report of inspection ${view.reference}${view.when ? `, ${view.when}` : ""}`;
  if (view.state === "not-ready") {
    return <p className="text-slate-800">{what} is not ready yet: we e-mail you as soon as it is.</p>;
  }
  if (view.state === "withheld") {
    return (
      <section aria-labelledby="report-missing" className="space-y-4 text-slate-800">
        <h2 id="report-missing" className="text-lg font-semibold text-slate-900">
          The report is ready: {view.missing.length === 1 ? "one step" : "two steps"} before you can open it
        </h2>
        <p>{what} is ready. It is handed over once the agreement is signed and the fee paid:</p>
        <ol className="list-decimal space-y-4 pl-6">
          {view.missing.map((step) => (
            <Step key={step.what} step={step} who={view.who} confirming={confirming} />
          ))}
        </ol>
      </section>
    );
  }
  return (
    <section aria-labelledby="report-ready" className="space-y-4 text-slate-800">
      <h2 id="report-ready" className="text-lg font-semibold text-slate-900">
        Your report is ready
      </h2>
      <p>
        {what}, as a PDF of {formatFileSize(view.size)}.
      </p>
      <a className={buttonStyles()} href={downloadHref}>
        Download the report (PDF)
      </a>
    </section>
  );
}
