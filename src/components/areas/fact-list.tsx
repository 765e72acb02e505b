import React from "react";
import type { ShownFact } from "../../lib/areas/area-facts";
import { longDate } from "../../lib/text/format";

/** Sourced facts: each with the sources it comes from and the day it was last checked against them. */
export function FactList({ facts }: { facts: readonly ShownFact[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {facts.map((fact) => (
        <li key={fact.text} className="leading-7 text-slate-800">
          {fact.text}{" "}
          <span className="text-sm text-slate-600">
            (Source:{" "}
            {fact.sources.map((source, index) => (
              <React.Fragment key={source.url}>
                {index > 0 && "; "}
                <a href={source.url} className="text-brand-700 underline underline-offset-2" rel="noopener">
                  {source.label}
                </a>
              </React.Fragment>
            ))}
            ; checked {longDate(fact.checked)}.)
          </span>
        </li>
      ))}
    </ul>
  );
}
