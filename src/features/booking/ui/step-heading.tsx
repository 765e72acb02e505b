import React, { forwardRef } from "react";

/** A step's heading; it takes focus when the step opens so screen readers hear where they are. */
export const StepHeading = forwardRef<HTMLHeadingElement, { number: number; title: string; intro?: string }>(
  ({ number, title, intro }, ref) => (
    <div>
      <h2 ref={ref} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none">
        <span className="sr-only">Step {number} of 5: </span>
        {title}
      </h2>
      {intro && <p className="mt-1 text-slate-700">{intro}</p>}
    </div>
  ),
);
StepHeading.displayName = "StepHeading";
