/**
 * A booking's payment taken on site, recorded with its method and amount, and the "pay now" link
 * sent to the client again while something is due and payments online are on. Each press carries
 * a key that stays the same until the payment is recorded, so a double tap or a retry records once.
 */
import React, { useState } from "react";
import type { DeskItem } from "../shared/desk-item";
import { buttonStyles } from "../../../components/ui/button";

const METHODS = [
  ["cash", "Cash"],
  ["check", "Check"],
  ["card-terminal", "Card terminal"],
] as const;

const field =
  "mt-1 rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export function DeskPayment({
  item,
  busy,
  onTaken,
  onResendPay,
}: {
  item: DeskItem & { payment: NonNullable<DeskItem["payment"]> };
  busy: boolean;
  onTaken: (details: { method: string; amount: string; key: string }) => void;
  onResendPay: () => void;
}) {
  const [method, setMethod] = useState<string>("cash");
  // getRandomValues, unlike randomUUID, works on a page served over plain http (the desk on a LAN).
  const [press] = useState(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""),
  );
  const key = `${press}-${item.payment.paidCents}`;
  const [amount, setAmount] = useState(
    item.payment.balanceCents > 0 ? (item.payment.balanceCents / 100).toFixed(2) : "",
  );
  const id = (name: string) => `${name}-${item.reference}`;
  return (
    <form
      aria-label={`Payment of ${item.reference}`}
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onTaken({ method, amount, key });
      }}
    >
      <div>
        <label className="block text-sm font-medium" htmlFor={id("paid-how")}>
          Taken on site by
        </label>
        <select
          id={id("paid-how")}
          className={field}
          value={method}
          onChange={(event) => setMethod(event.target.value)}
        >
          {METHODS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="block text-sm font-medium" htmlFor={id("paid-amount")}>
          Amount ($)
        </label>
        <input
          id={id("paid-amount")}
          inputMode="decimal"
          required
          className={`${field} w-32`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <button type="submit" className={buttonStyles({ variant: "secondary" })} disabled={busy}>
        Record payment
      </button>
      {item.payment.online && item.payment.balanceCents > 0 && (
        <button type="button" className={buttonStyles({ variant: "secondary" })} disabled={busy} onClick={onResendPay}>
          Resend the &ldquo;pay now&rdquo; link
        </button>
      )}
    </form>
  );
}
