// An append-only byte buffer that grows by doubling, so a body arriving in many small
// socket reads costs linear time, not a Buffer.concat per read. Views handed out stay
// valid: bytes below the current length are never written again.

export class ByteStore {
  #bytes = Buffer.alloc(0);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  append(chunk: Uint8Array): void {
    const needed = this.#length + chunk.length;
    if (needed > this.#bytes.length) {
      const grown = Buffer.alloc(Math.max(needed, this.#bytes.length * 2, 4096));
      this.#bytes.copy(grown, 0, 0, this.#length);
      this.#bytes = grown;
    }
    this.#bytes.set(chunk, this.#length);
    this.#length = needed;
  }

  /** The bytes appended so far (shares memory; do not write to it). */
  view(): Buffer {
    return this.#bytes.subarray(0, this.#length);
  }
}
