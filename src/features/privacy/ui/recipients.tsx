/** Who else receives what the site keeps, from the declaration. */
import React from "react";
import { RECIPIENTS } from "../shared/declaration";

export function Recipients() {
  return (
    <ul className="list-disc space-y-2 pl-6">
      {RECIPIENTS.map((recipient) => (
        <li key={recipient.name}>
          <strong className="text-slate-900">{recipient.name}.</strong> {recipient.receives}
        </li>
      ))}
    </ul>
  );
}
