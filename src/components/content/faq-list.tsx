import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";

const ChevronDown = iconFrom(lucide.ChevronDown);

/**
 * Questions as native disclosure widgets: each opens and closes with a click, or with
 * Enter or Space once focused, and needs no script.
 */
export function FaqList({
  questions,
  headingLevel = 3,
}: {
  questions: readonly Queries.Question[];
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {questions.map(({ question, answer }) => (
        <details key={question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base">{question}</Heading>
            <ChevronDown
              className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="px-5 pb-5 leading-7 text-slate-700">{answer}</p>
        </details>
      ))}
    </div>
  );
}
