/** An inspector's colour beside their name: the name says who, the colour only helps the eye. */
import React from "react";
import type { Inspector } from "../../booking/shared";

export function InspectorMark({ inspector }: { inspector: Inspector }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3.5 shrink-0 rounded-full"
      style={{ backgroundColor: inspector.colour }}
    />
  );
}

/** The mark and the name, as a heading or a line names an inspector. */
export function InspectorName({ inspector }: { inspector: Inspector }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <InspectorMark inspector={inspector} />
      {inspector.name}
    </span>
  );
}
