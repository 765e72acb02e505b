import React from "react";
import { cn } from "../../lib/ui/cn";
import { splitAtSlots, type MdxSlot } from "../../lib/content/mdx-slots";

interface MdxCopyProps {
  /** The page's copy, rendered to HTML at build time (gatsby/copy.ts). */
  html: string;
  /** The live component for each slot the copy places (src/lib/content/mdx-slots.ts). */
  slots?: Partial<Record<MdxSlot, React.ReactNode>>;
}

/**
 * A page's long copy: the build's HTML set in as it is, since React has nothing to do with plain
 * paragraphs, and the page's live components in the places the copy gave them.
 */
export function MdxCopy({ html, slots = {} }: MdxCopyProps) {
  return (
    <>
      {splitAtSlots(html).map((part, index) => {
        const className = cn("prose-copy", index > 0 && "mt-5");
        return "html" in part ? (
          <div key={index} className={className} dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <div key={index} className={className}>
            {slots[part.slot]}
          </div>
        );
      })}
    </>
  );
}
