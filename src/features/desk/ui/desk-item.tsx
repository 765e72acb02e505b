/** One booking or time off on the desk: a line to scan, opened for its details and actions. */
import React, { useState } from "react";
import { inspectorOf, type Inspector } from "../../booking/shared";
import { formatDollars } from "../../../lib/text/format";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { buttonStyles } from "../../../components/ui/button";
import { clockText, type DeskItem } from "./desk-types";
import { AGENT_EMAILED } from "../shared/desk-item";
import { InspectorMark } from "./inspector-mark";
import { ReportPanel } from "./report-panel";
import { SaidNote, type Said } from "./said-note";
import { paymentText } from "../../payment-ledger/shared";
import { DeskPayment } from "./desk-payment";

export type ItemAction =
  | "confirm"
  | "cancel"
  | "time-off-remove"
  | "report-release"
  | "move"
  | "hand"
  | "resend"
  | "resend-signing"
  | "payment-taken"
  | "resend-pay";

function Line({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function DeskItemCard({
  item,
  onAction,
  busy,
  inspectors,
  open,
  said,
  reportsOff,
}: {
  /** Opened on arrival, from an office e-mail's link. */
  open: boolean;
  item: DeskItem;
  onAction: (action: ItemAction, item: DeskItem, details?: object) => void;
  busy: boolean;
  inspectors: readonly Inspector[];
  /** What the last action on this item did, or why nothing was done. */
  said: Said | null;
  /** Why this deploy takes no report, and how to switch reports on; null where it does. */
  reportsOff: string | null;
}) {
  const inspector = inspectorOf(inspectors, item.inspector);
  const [moveTo, setMoveTo] = useState(item.start.slice(0, 16));
  const [moveOutside, setMoveOutside] = useState(false);
  const timeOff = item.kind === "time off";
  const live = item.standing === "held, not yet confirmed" || item.standing === "confirmed";
  // A visit under way offers what applies to it (the report, money, the signing link): the server
  // refuses to cancel, move or hand over a started visit, so the desk does not offer it.
  const changeable = live && !item.started;
  const title = timeOff ? `Time off${item.note ? `: ${item.note}` : ""}` : item.services.join(", ") || "Inspection";
  return (
    <li data-testid="desk-item" className="flex overflow-hidden rounded-lg border border-slate-300 bg-white">
      <span aria-hidden="true" className="shrink-0 px-1" style={{ backgroundColor: inspector.colour }} />
      <details className="min-w-0 flex-1 p-3" open={open || undefined}>
        <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-brand-700">
          <span className="font-semibold">
            {clockText(item.start)} to {clockText(item.end)}
          </span>{" "}
          · <InspectorMark inspector={inspector} /> {inspector.name} · {title}
          {!timeOff && item.client ? ` · ${item.client.name}` : ""}{" "}
          <span className="text-sm text-slate-700">({item.standing})</span>
        </summary>
        <dl className="mt-3 space-y-1 text-sm">
          <Line term="When">{item.when}</Line>
          {!timeOff && (
            <>
              <Line term="Reference">{item.reference}</Line>
              <Line term="Address">{item.location || "not given"}</Line>
              {item.client && (
                <Line term="Client">
                  {item.client.name}, {item.client.email}, {item.client.phone}
                </Line>
              )}
              {item.agent && (
                <>
                  <Line term="Agent">
                    {[item.agent.name, item.agent.email, item.agent.phone].filter(Boolean).join(", ")}
                  </Line>
                  <Line term="Agent copied">{AGENT_EMAILED[item.agent.emailed ?? "none"]}</Line>
                  {item.agent.emailed && (
                    <Line term="Report to the agent">
                      {item.agent.reportShared
                        ? `yes: the client said so, ${item.agent.reportShared}`
                        : "no: the client has not said the agent may have it"}
                    </Line>
                  )}
                </>
              )}
              {item.notes && <Line term="Client's notes">{item.notes}</Line>}
              <Line term="Estimate">{item.estimate === null ? "none kept" : formatDollars(item.estimate)}</Line>
              <Line term="Standing">
                {item.standing}
                {item.confirmBy ? `, held until ${item.confirmBy}` : ""}
              </Line>
              <Line term="Agreement">
                {item.agreement
                  ? `signed ${item.agreement.by}, ${item.agreement.at}; kept until ${item.agreement.keptUntil}`
                  : "not signed yet"}
              </Line>
              {item.payment && <Line term="Payment">{paymentText(item.payment)}</Line>}
              <Line term="Report">{reportLine(item)}</Line>
              <Line term="E-mails">
                {item.emails.length ? (
                  <ul className="list-disc pl-6">
                    {item.emails.map((mail, index) => (
                      <li key={index}>
                        {mail.subject} to {mail.to}: {mail.state}
                      </li>
                    ))}
                  </ul>
                ) : (
                  "none"
                )}
              </Line>
            </>
          )}
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          {item.standing === "held, not yet confirmed" && (
            <ActionButton primary disabled={busy} onClick={() => onAction("confirm", item)}>
              Confirm for the client
            </ActionButton>
          )}
          {changeable && (
            <ActionButton disabled={busy} onClick={() => onAction("cancel", item)}>
              Cancel for the client
            </ActionButton>
          )}
          {changeable &&
            inspectors
              .filter((other) => other.number !== item.inspector)
              .map((other) => (
                <ActionButton
                  key={other.number}
                  disabled={busy}
                  onClick={() => onAction("hand", item, { inspector: other.number })}
                >
                  Hand to {other.name}
                </ActionButton>
              ))}
          {changeable && (
            <ActionButton disabled={busy} onClick={() => onAction("resend", item)}>
              Resend the client&apos;s e-mail
            </ActionButton>
          )}
          {live && !item.agreement && (
            <ActionButton disabled={busy} onClick={() => onAction("resend-signing", item)}>
              Resend the signing link
            </ActionButton>
          )}
          {timeOff && (
            <ActionButton disabled={busy} onClick={() => onAction("time-off-remove", item)}>
              Give this time back
            </ActionButton>
          )}
        </div>
        {item.payment?.live && (
          <DeskPayment
            item={{ ...item, payment: item.payment }}
            busy={busy}
            onTaken={(details) => onAction("payment-taken", item, details)}
            onResendPay={() => onAction("resend-pay", item)}
          />
        )}
        <SaidNote said={said} className="mt-3" />
        {(item.visitStarted || item.report) && (
          <ReportPanel
            item={item}
            busy={busy}
            reportsOff={reportsOff}
            onRelease={() => onAction("report-release", item)}
          />
        )}
        {changeable && (
          <form
            className="mt-3 flex flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              onAction("move", item, { start: moveTo, outsideHours: moveOutside });
            }}
          >
            <div>
              <label className="block text-sm font-medium" htmlFor={`move-${item.reference}`}>
                Move to (Maryland time)
              </label>
              <input
                id={`move-${item.reference}`}
                type="datetime-local"
                required
                className="mt-1 rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
                value={moveTo}
                onChange={(event) => setMoveTo(event.target.value)}
              />
            </div>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={moveOutside}
                onChange={(event) => setMoveOutside(event.target.checked)}
              />
              Outside the offered hours
            </label>
            <button type="submit" className={buttonStyles({ variant: "secondary" })} disabled={busy}>
              Move for the client
            </button>
          </form>
        )}
      </details>
    </li>
  );
}

/**
 * Where the report stands: delivered when; once the visit has begun, that the panel below takes it;
 * before, when its upload opens (the visit's start, once confirmed); none for a visit not kept.
 */
function reportLine(item: DeskItem): string {
  if (item.reportDelivered) return `delivered ${item.reportDelivered}`;
  if (item.visitStarted) return "not delivered yet: upload it below";
  if (item.standing === "confirmed") {
    return `not delivered yet: its upload opens here when the visit begins, ${bookedTimeText(item.start)}`;
  }
  if (item.standing === "held, not yet confirmed") {
    return "not delivered yet: its upload opens when the visit begins, once the booking is confirmed";
  }
  return "none: the visit did not take place";
}

/** One of a booking's actions: the main one for its state in the primary style, the others secondary. */
function ActionButton({
  primary = false,
  disabled,
  onClick,
  children,
}: {
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttonStyles(primary ? {} : { variant: "secondary" })}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
