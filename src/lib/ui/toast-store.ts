/**
 * A small store of notifications, after shadcn/ui's use-toast: at most TOAST_LIMIT are
 * kept, a dismissed one closes at once and is removed TOAST_REMOVE_DELAY_MS later.
 * It holds no React so it can be tested and used from anywhere.
 */
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./constants";

export type ToastVariant = "default" | "success" | "error";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a notification; the oldest beyond the limit is dropped. Returns its id. */
export function toast(input: ToastInput): string {
  nextId += 1;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes one notification, or all when no id is given; removal follows after the delay. */
export function dismissToast(id?: string): void {
  toasts.filter((item) => id === undefined || item.id === id).forEach((item) => scheduleRemoval(item.id));
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Empties the store; for tests. */
export function resetToasts(): void {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  publish([]);
}
