/**
 * An answer serialised once, kept and sent as is (the answer cache, docs/product.md, "Kept
 * answers"): the JSON of a `T` that the TypeScript builders made. sendData writes it untouched.
 */
export class JsonText<T = unknown> {
  /** only the type: what the text holds */
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}

/** A read whose answer may come from the cache: the answer, or its JSON as kept. */
export type Answer<T> = T | JsonText<T>;
