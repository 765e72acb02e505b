/** What the site keeps, why, and for how long: one entry per kind of record in the declaration. */
import React from "react";
import { KEPT_RECORDS } from "../shared/declaration";

const years = (count: number) => `${count} year${count === 1 ? "" : "s"}`;

export function KeptRecords() {
  return (
    <dl className="space-y-5">
      {KEPT_RECORDS.map((record) => (
        <div key={record.kind} className="rounded-xl border border-slate-200 bg-white p-5">
          <dt className="text-lg font-semibold text-slate-900">{record.name}</dt>
          <dd className="mt-2 space-y-2 text-slate-700">
            <p>{record.holds}</p>
            <p>
              <strong className="text-slate-900">Why:</strong> {record.purpose}
            </p>
            <p>
              <strong className="text-slate-900">
                Kept {years(record.years)} from {record.from}
              </strong>
              , then deleted with its e-mails. {record.why}
            </p>
          </dd>
        </div>
      ))}
    </dl>
  );
}
