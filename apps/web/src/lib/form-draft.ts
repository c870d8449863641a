/**
 * An unsaved quote or invoice form kept in this tab's sessionStorage, so a reload (or a crash)
 * mid-form loses nothing: the list offers to restore it (docs/product.md, "Drafts in the browser").
 * sessionStorage, not localStorage: a draft belongs to the tab, and leaves with it.
 */
export interface TFormDraft<V> {
  /** the document being edited, or null for a new one */
  documentId: string | null;
  values: V;
  savedAt: string;
}

const key = (kind: string) => `docket.draft.${kind}`;

export function saveDraft<V>(kind: string, draft: Omit<TFormDraft<V>, 'savedAt'>): void {
  try {
    sessionStorage.setItem(key(kind), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    /* storage full or unavailable: the draft is a courtesy */
  }
}

export function readDraft<V>(kind: string): TFormDraft<V> | null {
  try {
    const raw = sessionStorage.getItem(key(kind));
    if (!raw) return null;
    const draft = JSON.parse(raw) as TFormDraft<V>;
    return draft && typeof draft === 'object' && draft.values ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(kind: string): void {
  try {
    sessionStorage.removeItem(key(kind));
  } catch {
    /* nothing to clear */
  }
}
