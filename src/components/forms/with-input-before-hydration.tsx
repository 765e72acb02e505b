/**
 * A form that keeps what a person did before the page hydrated (use-input-before-hydration.ts). The
 * reading subscribes its component to hydration's end, which React answers with a synchronous render;
 * here that component is a thin wrapper, and the form, memoized, sits that render out.
 */
import React, { memo, type ComponentType, type FunctionComponent } from "react";
import { useInputBeforeHydration } from "../../hooks/use-input-before-hydration";

type Values = Record<string, string | string[]>;

export function withInputBeforeHydration<V extends Values, P extends { typedBeforeHydration: Partial<V> | null }>(
  formId: string,
  empty: V,
  Form: FunctionComponent<P>,
): ComponentType<Omit<P, "typedBeforeHydration">> {
  const MemoizedForm = memo(Form);
  return function FormKeepingInputBeforeHydration(props) {
    const typedBeforeHydration = useInputBeforeHydration(formId, empty);
    return <MemoizedForm {...({ ...props, typedBeforeHydration } as P)} />;
  };
}
