import { AppError } from '@printloom/contracts';
import type { DataSource } from 'typeorm';
import { AccountRepository } from '../repositories/account.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An operator names a user by id or by the email billing learnt from auth's user-verified event. */
export async function resolveUser(dataSource: DataSource, target: string): Promise<string> {
  if (UUID.test(target)) return target;
  const userId = await new AccountRepository(dataSource).userIdByEmail(target);
  if (!userId) throw new AppError('NOT_FOUND', `No verified account with the email ${target}`);
  return userId;
}
