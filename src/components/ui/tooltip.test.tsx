/**
 * The tooltip's timing (src/lib/ui/constants.ts, the spec's 700 ms open delay and 300 ms skip
 * window), on a fake clock: Radix's timers, advanced by hand, so nothing depends on how busy the
 * machine is. That a real pointer and keyboard open and close it is tested in Chromium
 * (tests/e2e/content.spec.ts).
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import React from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../../lib/ui/constants";
import { runRadixTooltipsInJsdom } from "../../../jest/radix-tooltips";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

runRadixTooltipsInJsdom();

function Tips() {
  return (
    <TooltipProvider>
      {["Nitrate", "Lead", "Arsenic"].map((term) => (
        <Tooltip key={term}>
          <TooltipTrigger>{term}</TooltipTrigger>
          <TooltipContent>About {term}</TooltipContent>
        </Tooltip>
      ))}
    </TooltipProvider>
  );
}

const rest = (name: string) => fireEvent.pointerMove(screen.getByRole("button", { name }), { pointerType: "mouse" });
// Radix works out where a leaving pointer is headed from boxes that jsdom does not lay out, so
// the tooltip is closed here with Escape; either way the provider's skip window starts on close.
const close = () => fireEvent.keyDown(document, { key: "Escape" });
const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
const tooltip = () => screen.queryByRole("tooltip");

it("opens 700 ms after the pointer comes to rest on a term, not before", () => {
  render(<Tips />);
  rest("Nitrate");
  advance(TOOLTIP_DELAY_MS - 1);
  expect(tooltip()).toBeNull();
  advance(1);
  expect(tooltip()).toHaveTextContent("About Nitrate");
  expect(TOOLTIP_DELAY_MS).toBe(700);
});

it("within 300 ms of one closing, the next opens at once; after that, the delay again", () => {
  render(<Tips />);
  rest("Nitrate");
  advance(TOOLTIP_DELAY_MS);
  close();
  expect(tooltip()).toBeNull();
  advance(TOOLTIP_SKIP_DELAY_MS - 1);
  rest("Lead");
  expect(tooltip()).toHaveTextContent("About Lead");

  close();
  advance(TOOLTIP_SKIP_DELAY_MS);
  rest("Arsenic");
  expect(tooltip()).toBeNull();
  advance(TOOLTIP_DELAY_MS);
  expect(tooltip()).toHaveTextContent("About Arsenic");
  expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
});

it("opens at once on keyboard focus", () => {
  render(<Tips />);
  act(() => screen.getByRole("button", { name: "Lead" }).focus());
  expect(tooltip()).toHaveTextContent("About Lead");
});
