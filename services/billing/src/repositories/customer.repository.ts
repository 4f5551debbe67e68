import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class CustomerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async stripeCustomerOf(userId: string): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT stripe_customer_id FROM billing.customers WHERE user_id = $1`, [userId]);
    return row?.stripe_customer_id ?? null;
  }

  async userOfStripeCustomer(stripeCustomerId: string): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT user_id FROM billing.customers WHERE stripe_customer_id = $1`, [stripeCustomerId]);
    return row?.user_id ?? null;
  }

  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM billing.customers WHERE user_id = $1`, [userId]);
    return count;
  }

  async save(userId: string, stripeCustomerId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO billing.customers (user_id, stripe_customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, stripeCustomerId],
    );
  }
}
