import React from "react";

/**
 * An e-mail address that wraps, when it must, only after the "@" or before a dot, never inside a
 * word ("severnridge­inspections.co / m" on a phone): each of those places offers a line break
 * (<wbr>), and nothing else does. Browsers name a link around it with spaces at each <wbr>
 * ("office@ severnridgeinspections .com"), so a link gives its address as aria-label too.
 */
export function EmailAddress({ address }: { address: string }) {
  // No lookbehind in the pattern: Safari before 16.4 cannot even parse one.
  const parts = address.replace(/@/g, "@\n").replace(/\./g, "\n.").split("\n");
  return (
    <span className="min-w-0">
      {parts.map((part, index) => (
        <React.Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </React.Fragment>
      ))}
    </span>
  );
}
