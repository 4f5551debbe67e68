import { crc32 } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { openDatabase } from '@printloom/service-kit';
import { createTestDatabase, type TestDatabase } from '@printloom/service-kit/testing';
import { TRADEMARK_DATABASE_SETTINGS, TRADEMARK_MIGRATIONS } from '../src/trademarks/trademark-migrations.js';

export const FIXTURE = new URL('./fixtures/uspto-daily-synthetic.xml', import.meta.url).pathname;

/** A fresh database with listings' trademark migrations run, as the service would open it. */
export async function openTrademarkDatabase(): Promise<{ database: TestDatabase; dataSource: DataSource }> {
  const database = await createTestDatabase();
  const dataSource = await openDatabase({
    url: database.url,
    schema: 'listings',
    migrations: TRADEMARK_MIGRATIONS,
    settings: TRADEMARK_DATABASE_SETTINGS,
    poolSize: 3,
  });
  return { database, dataSource };
}

/** A .zip holding the given files uncompressed ("stored"), as a test stands in for the USPTO's apcYYMMDD.zip. */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
