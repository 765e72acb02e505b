import { act, renderHook } from "@testing-library/react";
import * as z from "zod/mini";
import { useSchemaForm } from "./use-schema-form";

const values = { name: "", email: "" };
const fieldSchemas = {
  name: z.string().check(z.minLength(2, "Enter your name")),
  email: z.string().check(z.minLength(3, "Enter an e-mail address")),
};

describe("a form whose checks come after it has hydrated", () => {
  it("checks a field left before they came, as it is when they come", () => {
    const { result, rerender } = renderHook(({ schemas }) => useSchemaForm(schemas, values), {
      initialProps: { schemas: null as typeof fieldSchemas | null },
    });
    act(() => result.current.register("name").onBlur());
    act(() => result.current.register("email").onChange({ target: { value: "a" } }));
    expect(result.current.errors).toEqual({});

    rerender({ schemas: fieldSchemas });
    // The name was left empty; the e-mail was typed in but never left, so it is not judged yet.
    expect(result.current.errors).toEqual({ name: "Enter your name" });

    act(() => result.current.register("name").onChange({ target: { value: "Jo" } }));
    expect(result.current.errors.name).toBeUndefined();
  });

  it("checks a field as it is left once they have come", () => {
    const { result } = renderHook(() => useSchemaForm(fieldSchemas, values));
    act(() => result.current.register("email").onBlur());
    expect(result.current.errors).toEqual({ email: "Enter an e-mail address" });
  });
});
