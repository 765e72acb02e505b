/**
 * The tooltip code arrives on the first pointer over a group of tips and re-creates the group
 * inside Radix's provider. A press that is under way when it arrives keeps its elements until the
 * press ends, or the link it started on would never get its click.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import React from "react";
import { runRadixTooltipsInJsdom } from "../../../jest/radix-tooltips";
import { InfoTip, TooltipGroup } from "./info-tip";

runRadixTooltipsInJsdom();

/** Lets the dynamic import of the tooltip code, and what waits on it, settle. */
const codeArrives = () =>
  act(async () => {
    await import("./info-tip-radix");
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  });

function Group() {
  return (
    <TooltipGroup>
      <a href="/services/water-quality/lead">Lead package</a>
      <InfoTip term="Lead">A metal that harms children.</InfoTip>
    </TooltipGroup>
  );
}

const tipIsRadixTrigger = () => screen.getByRole("button", { name: "What is Lead?" }).hasAttribute("data-state");

it("swaps the tips in when the code arrives and no press is under way", async () => {
  render(<Group />);
  fireEvent.pointerOver(screen.getByRole("link"));
  await codeArrives();
  expect(tipIsRadixTrigger()).toBe(true);
});

it("keeps a pressed link in place until its click, then swaps the tips in", async () => {
  render(<Group />);
  const link = screen.getByRole("link");
  fireEvent.pointerOver(link);
  fireEvent.pointerDown(link);
  await codeArrives();
  expect(screen.getByRole("link")).toBe(link);
  expect(tipIsRadixTrigger()).toBe(false);

  fireEvent.pointerUp(link);
  fireEvent.click(link);
  expect(screen.getByRole("link")).toBe(link);
  act(() => void jest.runOnlyPendingTimers());
  expect(tipIsRadixTrigger()).toBe(true);
});
