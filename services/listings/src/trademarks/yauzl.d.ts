// The few yauzl 3 calls the importer uses (the package ships no types and @types/yauzl is not installed).
declare module 'yauzl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
  }

  export interface ZipFile extends EventEmitter {
    readEntry(): void;
    openReadStream(entry: Entry, callback: (error: Error | null, stream: Readable) => void): void;
    close(): void;
  }

  export function open(
    path: string,
    options: { lazyEntries: boolean; autoClose?: boolean },
    callback: (error: Error | null, zip: ZipFile) => void,
  ): void;
}
