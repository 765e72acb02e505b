/**
 * The notifications' code waits for the visitor's first act on the page or for a notification,
 * whichever comes first; a notification raised before the code has come is shown once it has.
 * That Chromium asks for the code only then, and asks again after a failed download, is tested in
 * tests/e2e/contact.spec.ts.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import React from "react";
import { resetToasts, toast } from "../../lib/ui/toast-store";
import { DeferredToaster } from "./deferred-toaster";

afterEach(() => act(() => resetToasts()));

const region = () => screen.queryByRole("region", { name: /Notifications/ });

it.each([
  ["a tap", () => fireEvent.pointerDown(document.body)],
  ["a key", () => fireEvent.keyDown(document.body, { key: "Tab" })],
  ["a field taking focus", () => fireEvent.focusIn(document.body)],
])("renders nothing until the visitor first acts on the page: %s", async (_, firstAct) => {
  render(<DeferredToaster />);
  // The code would have come by now had it been asked for at once (jest resolves the import at once).
  await act(() => Promise.resolve());
  expect(region()).toBeNull();
  act(firstAct);
  expect(await screen.findByRole("region", { name: /Notifications/ })).toBeInTheDocument();
});

it("shows a notification raised before anybody acted, once its code has come", async () => {
  render(<DeferredToaster />);
  await act(() => Promise.resolve());
  expect(region()).toBeNull();
  act(() => {
    toast({ title: "Your request was not sent", description: "Try again in a minute.", variant: "error" });
  });
  expect(await screen.findByText("Your request was not sent")).toBeInTheDocument();
});
