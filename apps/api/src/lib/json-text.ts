/**
 * An answer serialised once, kept and sent as is (the answer cache, docs/product.md, "Kept
 * answers"): the JSON of a `T` that the TypeScript builders made. sendData writes it untouched.
 * The body is the JSON text, or its UTF-8 bytes when the answer was put together from bytes kept
 * already encoded (kept invoice answers): those go out without being encoded again.
 */
export class JsonText<T = unknown> {
  /** only the type: what the text holds */
  declare readonly answer?: T;
  constructor(readonly body: string | Buffer) {}

  /** The JSON as text (decoded when the body is bytes). */
  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.toString('utf8');
  }
}

/** A read whose answer may come from the cache: the answer, or its JSON as kept. */
export type Answer<T> = T | JsonText<T>;
