import { Injectable } from '@nestjs/common';
import type { SellerProfile } from '@printloom/contracts';
import { DataSource } from 'typeorm';

interface ProfileRow {
  shop_name: string;
  brand: string;
}

const toProfile = (row: ProfileRow): SellerProfile => ({ shopName: row.shop_name, brand: row.brand });

@Injectable()
export class SellerProfileRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<SellerProfile | null> {
    const [row]: ProfileRow[] = await this.dataSource.query(`SELECT shop_name, brand FROM listings.seller_profiles WHERE user_id = $1`, [
      userId,
    ]);
    return row ? toProfile(row) : null;
  }

  async save(userId: string, profile: SellerProfile): Promise<SellerProfile> {
    const [row]: ProfileRow[] = await this.dataSource.query(
      `INSERT INTO listings.seller_profiles (user_id, shop_name, brand) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET shop_name = EXCLUDED.shop_name, brand = EXCLUDED.brand, updated_at = now()
       RETURNING shop_name, brand`,
      [userId, profile.shopName, profile.brand],
    );
    return toProfile(row!);
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM listings.seller_profiles WHERE user_id = $1`, [userId]);
    return count;
  }
}
