import { Injectable } from '@nestjs/common';

/**
 * Tells whoever follows the library that designs were just stored. The library announces and does not
 * know who listens (the quality verdicts, in renders, measure them next): renders depend on the library,
 * never the other way round.
 */
@Injectable()
export class DesignArrivals {
  private readonly listeners: Array<() => void> = [];

  onArrival(listener: () => void): void {
    this.listeners.push(listener);
  }

  announce(): void {
    for (const listener of this.listeners) listener();
  }
}
