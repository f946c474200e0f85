// The probe's fault switch (CONTRACTS §4): armed, it makes the next record commit fail
// as if the database were down. Per process: it fails the next commit of this instance.
export class FailSwitch {
  private armed = false;

  arm(): void {
    this.armed = true;
  }

  /** True once after arm(): the caller must fail its commit. */
  take(): boolean {
    const armed = this.armed;
    this.armed = false;
    return armed;
  }
}

export class StorageUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailable';
  }
}
