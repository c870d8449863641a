/**
 * One toast at a time (docs/product.md, "Screens"): a tiny store the <Toaster /> renders. A new toast
 * replaces the current one. Titles are fixed by the spec: 'Error' (destructive) and 'Success'.
 */
export type TToastVariant = 'default' | 'destructive' | 'success';

export interface TToast {
  id: number;
  title: string;
  description?: string;
  variant: TToastVariant;
}

type Listener = (toast: TToast | null) => void;

let current: TToast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(current);
}

export function toast(input: Omit<TToast, 'id' | 'variant'> & { variant?: TToastVariant }): void {
  current = { id: nextId++, variant: input.variant ?? 'default', title: input.title, description: input.description };
  emit();
}

export const toastSuccess = (description: string) => toast({ title: 'Success', description, variant: 'success' });
export const toastError = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getCurrentToast = (): TToast | null => current;
