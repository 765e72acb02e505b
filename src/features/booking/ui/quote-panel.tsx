import React from "react";
import { formatDollars, wordList } from "../../../lib/text/format";
import type { Estimate } from "../shared/schedule-estimate";

/** The itemized estimate: each line, the total labeled as an estimate, and what is still missing. */
export function QuotePanel({ estimate }: { estimate: Estimate }) {
  const { quote, missing } = estimate;
  return (
    <section aria-labelledby="estimate-title" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="estimate-title" className="text-lg font-semibold text-slate-900">
        Your estimate
      </h2>
      {!quote ? (
        <p className="mt-2 text-slate-700">Choose an inspection or test to see your estimate.</p>
      ) : (
        <>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Estimate, line by line</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {quote.lines.map((line) => (
                <tr key={`${line.kind}-${line.label}`}>
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                    {line.label}
                  </th>
                  <td className="py-2 text-right font-medium whitespace-nowrap text-slate-900">
                    {formatDollars(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-brand-200">
                <th scope="row" className="pt-3 font-semibold text-slate-900">
                  Estimated total
                </th>
                <td className="pt-3 text-right text-xl font-bold text-slate-900" data-testid="estimate-total">
                  {formatDollars(quote.total)}
                </td>
              </tr>
            </tfoot>
          </table>
          {missing.length > 0 && (
            <p className="mt-3 text-sm text-slate-700">Add the {wordList(missing)} for a complete estimate.</p>
          )}
          <p className="mt-3 text-xs leading-5 text-slate-600">
            An estimate from our price list. We confirm the price with you before the inspection.
          </p>
        </>
      )}
    </section>
  );
}
