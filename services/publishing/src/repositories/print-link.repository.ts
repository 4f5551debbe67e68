import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Signed single-design print-file links: a random token (only its hash kept), one design and garment, an expiry. */
@Injectable()
export class PrintLinkRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(userId: string, assetId: string, garment: 'light' | 'dark', validMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.query(
      `INSERT INTO publishing.print_links (token_hash, user_id, asset_id, garment, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))`,
      [hashOf(token), userId, assetId, garment, validMs],
    );
    return token;
  }

  async resolve(token: string): Promise<{ userId: string; assetId: string; garment: 'light' | 'dark' } | null> {
    const [row]: { user_id: string; asset_id: string; garment: 'light' | 'dark' }[] = await this.dataSource.query(
      `SELECT user_id, asset_id, garment FROM publishing.print_links WHERE token_hash = $1 AND expires_at > now()`,
      [hashOf(token)],
    );
    return row ? { userId: row.user_id, assetId: row.asset_id, garment: row.garment } : null;
  }

  async deleteExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.print_links WHERE expires_at <= now()`);
    return count;
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.print_links WHERE user_id = $1`, [userId]);
    return count;
  }
}
