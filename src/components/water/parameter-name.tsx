import React from "react";
import { InfoTip } from "../ui/info-tip";

/** A water parameter's name with its plain explanation in a tooltip. */
export function ParameterName({ name, explanation }: { name: string; explanation: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      {name}
      <InfoTip term={name}>{explanation}</InfoTip>
    </span>
  );
}
