import * as lucide from "lucide";
import { iconFrom } from "../../../components/ui/icons";
import React from "react";
import { cn } from "../../../lib/ui/cn";

const Check = iconFrom(lucide.Check);

interface StepperProps {
  steps: readonly { id: string; title: string }[];
  current: number;
  /** Steps already reached can be revisited; the answers stay as they were. */
  onSelect: (index: number) => void;
}

export function Stepper({ steps, current, onSelect }: StepperProps) {
  return (
    <nav aria-label="Steps">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step, index) => {
          const done = index < current;
          const label = (
            <>
              <span
                className={cn(
                  "inline-flex size-6 items-center justify-center rounded-full text-xs font-bold",
                  index === current
                    ? "bg-brand-700 text-white"
                    : done
                      ? "bg-brand-100 text-brand-800"
                      : "bg-slate-200 text-slate-700",
                )}
              >
                {done ? <Check className="size-3.5" aria-hidden="true" /> : index + 1}
              </span>
              <span className={index === current ? "font-semibold text-slate-900" : "text-slate-700"}>
                {step.title}
              </span>
            </>
          );
          return (
            <li key={step.id}>
              {done ? (
                <button
                  type="button"
                  onClick={() => onSelect(index)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 hover:bg-slate-100"
                >
                  {label}
                  <span className="sr-only">(done; go back to this step)</span>
                </button>
              ) : (
                <span
                  className="inline-flex min-h-11 items-center gap-2 px-2"
                  aria-current={index === current ? "step" : undefined}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
